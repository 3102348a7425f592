-- How often a unit was claimed: a unit that keeps dying with the process
-- that runs it goes to the dead letters instead of wedging the queue.
ALTER TABLE work_queue ADD COLUMN attempts INT DEFAULT 0 NOT NULL;
