-- Who recorded an outgoing mail: the database's own word for the login
-- (a fleet runner cannot set it: its role may not write this column), so
-- a coordinator knows which mails it must not take at their word
-- (docs/security.md). Mails recorded before this column say nothing.
ALTER TABLE outgoing_mail ADD COLUMN recorded_by VARCHAR(128) DEFAULT CURRENT_USER;
