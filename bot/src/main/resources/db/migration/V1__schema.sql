-- fsnbot's durable state: one row per series, job, build, boot, sample,
-- verdict and outgoing mail. Console logs of failed boots are kept here.

CREATE TABLE series (
    id            BIGINT AUTO_INCREMENT PRIMARY KEY,
    message_id    VARCHAR(998) NOT NULL,
    subject       VARCHAR(2000) NOT NULL,
    author        VARCHAR(998) NOT NULL,
    patch_count   INT NOT NULL,
    received_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT series_message_id UNIQUE (message_id)
);

CREATE TABLE jobs (
    id              BIGINT AUTO_INCREMENT PRIMARY KEY,
    series_id       BIGINT NOT NULL REFERENCES series(id),
    tree            VARCHAR(2000) NOT NULL,
    base_rev        VARCHAR(255) NOT NULL,
    base_commit     CHAR(40),
    patched_commit  CHAR(40),
    profile         VARCHAR(64) NOT NULL,
    topology        VARCHAR(255) NOT NULL,
    accelerator     VARCHAR(16),
    accel_reason    VARCHAR(2000),
    state           VARCHAR(32) NOT NULL,
    outcome         VARCHAR(64),
    detail          VARCHAR(4000),
    created_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    finished_at     TIMESTAMP WITH TIME ZONE
);

CREATE TABLE builds (
    id                BIGINT AUTO_INCREMENT PRIMARY KEY,
    job_id            BIGINT NOT NULL REFERENCES jobs(id),
    label             VARCHAR(16) NOT NULL,
    commit_id         CHAR(40) NOT NULL,
    ok                BOOLEAN NOT NULL,
    reused            BOOLEAN NOT NULL,
    seconds           DOUBLE PRECISION NOT NULL,
    objects_compiled  INT NOT NULL,
    error_lines       CLOB,
    log_path          VARCHAR(2000)
);

CREATE TABLE boots (
    id            BIGINT AUTO_INCREMENT PRIMARY KEY,
    job_id        BIGINT NOT NULL REFERENCES jobs(id),
    boot_id       VARCHAR(64) NOT NULL,
    side          VARCHAR(8) NOT NULL,
    boot_index    INT NOT NULL,
    attempt       INT NOT NULL,
    status        VARCHAR(16) NOT NULL,
    accelerator   VARCHAR(16) NOT NULL,
    seconds       DOUBLE PRECISION NOT NULL,
    detail        VARCHAR(4000),
    guest_info    VARCHAR(4000),
    console_tail  CLOB,
    console_path  VARCHAR(2000)
);

CREATE TABLE samples (
    id        BIGINT AUTO_INCREMENT PRIMARY KEY,
    boot_id   BIGINT NOT NULL REFERENCES boots(id),
    workload  VARCHAR(64) NOT NULL,
    variant   VARCHAR(64) NOT NULL,
    metric    VARCHAR(64) NOT NULL,
    rep       INT NOT NULL,
    val       DOUBLE PRECISION NOT NULL,
    unit      VARCHAR(32) NOT NULL,
    lower_is_better BOOLEAN NOT NULL
);

CREATE TABLE verdicts (
    id            BIGINT AUTO_INCREMENT PRIMARY KEY,
    job_id        BIGINT NOT NULL REFERENCES jobs(id),
    workload      VARCHAR(64),
    variant       VARCHAR(64),
    metric        VARCHAR(64),
    n_base        INT,
    n_patched     INT,
    mean_base     DOUBLE PRECISION,
    mean_patched  DOUBLE PRECISION,
    change_pct    DOUBLE PRECISION,
    ci_low_pct    DOUBLE PRECISION,
    ci_high_pct   DOUBLE PRECISION,
    p_value       DOUBLE PRECISION,
    verdict       VARCHAR(32) NOT NULL,
    overall       BOOLEAN NOT NULL
);

CREATE TABLE outgoing_mail (
    id            BIGINT AUTO_INCREMENT PRIMARY KEY,
    job_id        BIGINT REFERENCES jobs(id),
    message_id    VARCHAR(998) NOT NULL,
    in_reply_to   VARCHAR(998),
    subject       VARCHAR(2000) NOT NULL,
    recipients    VARCHAR(4000) NOT NULL,
    kind          VARCHAR(32) NOT NULL,
    state         VARCHAR(16) NOT NULL,
    eml_path      VARCHAR(2000),
    created_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT outgoing_message_id UNIQUE (message_id)
);
