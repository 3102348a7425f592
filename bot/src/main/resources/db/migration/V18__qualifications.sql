-- What `fsnbot qualify` found on a runner's host (docs/fleet.md): the
-- checks as JSON and the one line a reply's runner fact quotes. Every
-- qualification is kept; the newest is the runner's.
CREATE TABLE qualifications (
    id            BIGINT AUTO_INCREMENT PRIMARY KEY,
    runner        VARCHAR(64) NOT NULL,
    qualified_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    summary       VARCHAR(400) NOT NULL,
    checks        VARCHAR(8000) NOT NULL
);
CREATE INDEX qualifications_runner ON qualifications (runner, id);
