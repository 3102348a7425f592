-- Whose mail an outgoing mail answers (the bare From of the patch or
-- command mail), so that replies under one sender's mails are bounded per
-- hour (mail.maxRepliesPerSenderHour, docs/security.md): one stranger's
-- ten thousand failing patches get a handful of mails, not ten thousand.
ALTER TABLE outgoing_mail ADD COLUMN answers VARCHAR(320);
CREATE INDEX outgoing_mail_answers ON outgoing_mail (answers, created_at);
