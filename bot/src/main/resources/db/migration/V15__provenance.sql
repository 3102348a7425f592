-- What a job's results came from, for exports and pages (issue 27):
-- KCIDB's patchset hash of the series applied ('' when none), and the
-- fsnbot and workloads versions that measured. Jobs from before say ''.
ALTER TABLE jobs ADD COLUMN patchset_hash VARCHAR(64) DEFAULT '' NOT NULL;
ALTER TABLE jobs ADD COLUMN fsnbot_version VARCHAR(200) DEFAULT '' NOT NULL;
ALTER TABLE jobs ADD COLUMN workloads_version VARCHAR(64) DEFAULT '' NOT NULL;
