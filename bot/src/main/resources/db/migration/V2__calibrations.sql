-- A/A calibrations: the same kernel on both sides, per runner and metric,
-- to know each metric's boot-to-boot noise before believing a change.
CREATE TABLE calibrations (
    id            BIGINT AUTO_INCREMENT PRIMARY KEY,
    runner        VARCHAR(255) NOT NULL,
    accelerator   VARCHAR(16) NOT NULL,
    topology      VARCHAR(255) NOT NULL,
    profile       VARCHAR(64) NOT NULL,
    base_commit   CHAR(40) NOT NULL,
    workload      VARCHAR(64) NOT NULL,
    variant       VARCHAR(64) NOT NULL,
    metric        VARCHAR(64) NOT NULL,
    boots         INT NOT NULL,
    cv_pct        DOUBLE PRECISION NOT NULL,
    aa_change_pct DOUBLE PRECISION NOT NULL,
    aa_verdict    VARCHAR(32) NOT NULL,
    created_at    TIMESTAMP WITH TIME ZONE NOT NULL
);
