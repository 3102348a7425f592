-- The performance history behind the weekly trend report: which sides of
-- which finished jobs are points of which line (a watched branch, or a
-- named base of patch tests), measured on which runner. The boots and
-- samples stay where the job put them; a series is rebuilt from them.
ALTER TABLE jobs ADD COLUMN runner VARCHAR(255);

CREATE TABLE trend_points (
    id           BIGINT AUTO_INCREMENT PRIMARY KEY,
    job_id       BIGINT NOT NULL REFERENCES jobs(id),
    side         VARCHAR(8) NOT NULL,
    line         VARCHAR(2000) NOT NULL,
    runner       VARCHAR(255) NOT NULL,
    measured_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT trend_point_once UNIQUE (job_id, side)
);

CREATE INDEX trend_points_line ON trend_points (line, measured_at);

-- One row per weekly report: claimed with its Message-ID before it is
-- posted, so a week is mailed once whatever fires it again.
CREATE TABLE weekly_reports (
    week_start   DATE PRIMARY KEY,
    message_id   VARCHAR(998) NOT NULL,
    created_at   TIMESTAMP WITH TIME ZONE NOT NULL
);
