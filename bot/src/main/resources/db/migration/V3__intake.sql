-- What `fsnbot run` follows and queues. A cursor per inbox epoch (the
-- manifest fingerprint and the last commit walked), every Message-ID ever
-- seen (so a message in two inboxes, a restart or a purge is processed
-- once), the patch mails still waiting for their series, the work queue
-- and the heads of watched git trees.

CREATE TABLE inbox_epochs (
    inbox        VARCHAR(2000) NOT NULL,
    epoch        VARCHAR(255) NOT NULL,
    fingerprint  VARCHAR(64),
    head         CHAR(40),
    updated_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (inbox, epoch)
);

CREATE TABLE seen_messages (
    message_id   VARCHAR(998) PRIMARY KEY,
    inbox        VARCHAR(2000) NOT NULL,
    epoch        VARCHAR(255) NOT NULL,
    commit_id    CHAR(40) NOT NULL,
    relevant     BOOLEAN NOT NULL,
    seen_at      TIMESTAMP WITH TIME ZONE NOT NULL
);

CREATE TABLE patch_mails (
    message_id   VARCHAR(998) PRIMARY KEY,
    inbox        VARCHAR(2000) NOT NULL,
    subject      VARCHAR(2000) NOT NULL,
    author       VARCHAR(998) NOT NULL,
    refs         CLOB NOT NULL,
    diff_paths   CLOB NOT NULL,
    has_diff     BOOLEAN NOT NULL,
    relevant     BOOLEAN NOT NULL,
    raw          BLOB NOT NULL,
    state        VARCHAR(16) NOT NULL,
    received_at  TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX patch_mails_state ON patch_mails (state);

CREATE TABLE work_queue (
    id            BIGINT AUTO_INCREMENT PRIMARY KEY,
    kind          VARCHAR(16) NOT NULL,
    work_key      VARCHAR(1000) NOT NULL,
    title         VARCHAR(2000) NOT NULL,
    revision      INT NOT NULL,
    message_ids   CLOB,
    prerequisite_ids CLOB,
    tree          VARCHAR(2000),
    base_rev      VARCHAR(255),
    base_reason   VARCHAR(2000),
    head_rev      VARCHAR(255),
    state         VARCHAR(16) NOT NULL,
    detail        VARCHAR(4000),
    job_id        BIGINT REFERENCES jobs(id),
    created_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT work_queue_key UNIQUE (work_key)
);
CREATE INDEX work_queue_state ON work_queue (state);

CREATE TABLE tree_heads (
    url          VARCHAR(2000) NOT NULL,
    branch       VARCHAR(255) NOT NULL,
    last_seen    CHAR(40) NOT NULL,
    last_tested  CHAR(40) NOT NULL,
    updated_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (url, branch)
);

-- A watched tree's new head is measured without a series.
ALTER TABLE jobs ALTER COLUMN series_id DROP NOT NULL;
