-- Pinned guests (docs/numa.md): where the host pinned each boot's vCPU
-- threads (the host's "placement" line, JSON), and whether the job's
-- topology was verified in the guest and on the host.
ALTER TABLE boots ADD COLUMN placement VARCHAR(4000);
ALTER TABLE jobs ADD COLUMN topology_verified BOOLEAN;
