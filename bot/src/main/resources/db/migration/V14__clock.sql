-- What a job's boots and a calibration's measured time counted
-- (docs/stats.md, "Clocks"): 'wall' or 'instructions' (QEMU icount).
-- Everything measured before this column was on wall time. Series,
-- comparisons and calibrations never mix the two.
ALTER TABLE jobs ADD COLUMN clock VARCHAR(16) DEFAULT 'wall' NOT NULL;
ALTER TABLE calibrations ADD COLUMN clock VARCHAR(16) DEFAULT 'wall' NOT NULL;
