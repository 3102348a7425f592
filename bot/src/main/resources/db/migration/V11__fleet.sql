-- The fleet (docs/fleet.md): runners that measure for one coordinator
-- through Quartz's clustered job store on a shared PostgreSQL. Written in
-- SQL that H2 and PostgreSQL both read.

-- Every runner that ever joined: its class, the facts it found at start
-- (JSON), and whether it takes work (active), finishes its job and stops
-- (draining), or has stopped. When it last checked in is Quartz's.
CREATE TABLE runners (
    name          VARCHAR(64) PRIMARY KEY,
    runner_class  VARCHAR(32) NOT NULL,
    facts         VARCHAR(8000) NOT NULL,
    state         VARCHAR(16) NOT NULL,
    started_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at    TIMESTAMP WITH TIME ZONE NOT NULL
);

-- Which class a unit was handed to and when, which runner took it and
-- when it started: the queue's history stays here, Quartz only carries it.
ALTER TABLE work_queue ADD COLUMN runner_class VARCHAR(32);
ALTER TABLE work_queue ADD COLUMN runner VARCHAR(64);
ALTER TABLE work_queue ADD COLUMN dispatched_at TIMESTAMP WITH TIME ZONE;
ALTER TABLE work_queue ADD COLUMN started_at TIMESTAMP WITH TIME ZONE;
CREATE INDEX work_queue_dispatch ON work_queue (state, dispatched_at);
