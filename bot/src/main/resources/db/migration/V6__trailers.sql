-- Review trailers given in replies on a thread (Reviewed-by: and kin), by
-- the message they answer, collected as b4 does and named in the report.
CREATE TABLE trailers (
    target_id   VARCHAR(998) NOT NULL,
    trailer     VARCHAR(998) NOT NULL,
    source_id   VARCHAR(998) NOT NULL,
    PRIMARY KEY (target_id, trailer)
);
