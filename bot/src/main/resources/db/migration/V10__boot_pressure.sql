-- How busy the runner was during each boot (CPU pressure: PSI "some" plus
-- steal, % of the boot's wall time); NULL where the host has no PSI. A
-- boot over the limit is kept with status BUSY and no samples.
ALTER TABLE boots ADD COLUMN cpu_pressure_pct DOUBLE PRECISION;

-- The heading of a sample's row column ("Clients", "mode fs"), so a table
-- rebuilt from the history (the weekly report) names its rows as the
-- reply did. Empty for samples stored before it was kept.
ALTER TABLE samples ADD COLUMN label VARCHAR(64) DEFAULT '' NOT NULL;
