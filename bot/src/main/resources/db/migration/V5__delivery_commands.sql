-- Exactly-once delivery: the encoded mail and its envelope are stored
-- before the first SMTP attempt; state pending -> sending -> sent (or
-- written in dry-run, quiet, opted-out, failed).
ALTER TABLE outgoing_mail ADD COLUMN raw BLOB;
ALTER TABLE outgoing_mail ADD COLUMN envelope VARCHAR(4000);
ALTER TABLE outgoing_mail ADD COLUMN attempts INT DEFAULT 0 NOT NULL;
ALTER TABLE outgoing_mail ADD COLUMN sent_at TIMESTAMP WITH TIME ZONE;
ALTER TABLE outgoing_mail ADD COLUMN detail VARCHAR(4000);

-- #fsnbot commands: reruns carry their options and the mail to answer.
ALTER TABLE work_queue ADD COLUMN options VARCHAR(2000);
ALTER TABLE work_queue ADD COLUMN answer_to VARCHAR(998);

CREATE TABLE command_mails (
    message_id   VARCHAR(998) PRIMARY KEY,
    source       VARCHAR(2000) NOT NULL,
    raw          BLOB NOT NULL,
    state        VARCHAR(16) NOT NULL,
    detail       VARCHAR(4000),
    received_at  TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX command_mails_state ON command_mails (state);

CREATE TABLE command_log (
    id           BIGINT AUTO_INCREMENT PRIMARY KEY,
    sender       VARCHAR(998) NOT NULL,
    command      VARCHAR(2000) NOT NULL,
    outcome      VARCHAR(32) NOT NULL,
    at           TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX command_log_at ON command_log (at);

CREATE TABLE imap_cursor (
    mailbox       VARCHAR(2000) PRIMARY KEY,
    uid_validity  BIGINT NOT NULL,
    last_uid      BIGINT NOT NULL
);
