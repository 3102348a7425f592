-- A message the follower could not take (unparseable, or it broke a
-- stage): recorded with where it is and why, so the cursor moves on and
-- an operator can look at it.
CREATE TABLE unparseable_messages (
    inbox        VARCHAR(2000) NOT NULL,
    epoch        VARCHAR(255) NOT NULL,
    commit_id    CHAR(40) NOT NULL,
    reason       VARCHAR(2000) NOT NULL,
    seen_at      TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (inbox, epoch, commit_id)
);

-- Who a series belongs to (the author's address, and b4's change-id when
-- the series has one): a revision supersedes only its own lineage, so a
-- stranger's [PATCH v99] with the same title cancels nothing.
ALTER TABLE work_queue ADD COLUMN lineage VARCHAR(2000);
