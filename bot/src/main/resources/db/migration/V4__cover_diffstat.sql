-- Cover letters without a 0/N prefix are recognised by their diffstat.
ALTER TABLE patch_mails ADD COLUMN has_diffstat BOOLEAN DEFAULT FALSE NOT NULL;
