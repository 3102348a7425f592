-- Who asked for a unit, and where it stands in the queue (store.Asker):
-- 0 a maintainer's command, 1 fsnbot's own work and authenticated authors'
-- series, 2 everyone else's. Units are taken by standing, then age, and a
-- sender nobody vouched for has at most commands.maxQueuedPerStranger
-- units waiting (docs/security.md). Units from before stand at 1.
ALTER TABLE work_queue ADD COLUMN standing INT DEFAULT 1 NOT NULL;
ALTER TABLE work_queue ADD COLUMN asked_by VARCHAR(320);
CREATE INDEX work_queue_waiting ON work_queue (state, standing, id);
CREATE INDEX work_queue_asked_by ON work_queue (asked_by, state);
