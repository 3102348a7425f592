package org.fsnbot.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.fsnbot.mail.ImapMailbox;

/**
 * Mails that may hold #fsnbot commands (from the followed inboxes and the
 * IMAP mailbox) until they are answered, the log the rate limits count,
 * and where IMAP reading stopped.
 */
public final class CommandStore {

    /** A stored command mail. */
    public record Stored(String messageId, String source, byte[] raw) {
        public Stored {
            raw = raw.clone();
        }

        @Override
        public byte[] raw() {
            return raw.clone();
        }
    }

    private final Database db;
    private final Clock clock;

    CommandStore(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** Keeps a mail to answer; false when it is already known. */
    public boolean add(String messageId, String source, byte[] raw) {
        return db.call("keeping command mail " + messageId, c -> add(c, messageId, source, raw, clock.instant()));
    }

    static boolean add(Connection c, String messageId, String source, byte[] raw, Instant at) throws SQLException {
        if (Jdbc.exists(c, "SELECT 1 FROM command_mails WHERE message_id = ?", messageId)) {
            return false;
        }
        Jdbc.update(c, "INSERT INTO command_mails (message_id, source, raw, state, received_at) VALUES (?,?,?,?,?)",
                messageId, Jdbc.truncate(source, 2000), raw, "pending", at);
        return true;
    }

    /** Mails not answered yet, oldest first. */
    public List<Stored> pending() {
        return db.call("reading command mails", c -> Jdbc.rows(c, "SELECT message_id, source, raw FROM command_mails"
                + " WHERE state = 'pending' ORDER BY received_at, message_id",
                rs -> new Stored(rs.getString(1), rs.getString(2), rs.getBytes(3))));
    }

    public Optional<byte[]> raw(String messageId) {
        return db.call("reading command mail " + messageId, c -> Jdbc.first(c, "SELECT raw FROM command_mails WHERE"
                + " message_id = ?", rs -> rs.getBytes(1), messageId));
    }

    public void done(String messageId, String detail) {
        db.run("answering " + messageId, c -> Jdbc.update(c, "UPDATE command_mails SET state = 'done', detail = ?"
                + " WHERE message_id = ?", Jdbc.truncate(detail, 4000), messageId));
    }

    /** Records one command line's outcome, for the rate limits and the record. */
    public void log(String sender, String command, CommandOutcome outcome) {
        db.run("logging a command", c -> Jdbc.insert(c, "INSERT INTO command_log (sender, command, outcome, at)"
                + " VALUES (?,?,?,?)", sender, Jdbc.truncate(command, 2000), outcome.stored(), clock.instant()));
    }

    /** Accepted measuring commands since a time, from one sender, whoever they are. */
    public int acceptedSince(String sender, Instant since) {
        return db.call("counting commands", c -> Jdbc.first(c, "SELECT COUNT(*) FROM command_log WHERE outcome IN"
                + " ('accepted', 'accepted-author') AND at >= ? AND sender = ?", rs -> rs.getInt(1), since, sender)
                .orElse(0));
    }

    /**
     * Answers of one pool (ANSWERED, ANSWERED_AUTHOR, ANSWERED_SIGNED,
     * ANSWERED_STRANGER) sent since a time: for one sender, or (null) anyone.
     */
    public int answeredSince(CommandOutcome kind, String sender, Instant since) {
        if (kind != CommandOutcome.ANSWERED && kind != CommandOutcome.ANSWERED_STRANGER
                && kind != CommandOutcome.ANSWERED_SIGNED && kind != CommandOutcome.ANSWERED_AUTHOR) {
            throw new IllegalArgumentException("not an answer: " + kind);
        }
        return db.call("counting answers", c -> sender == null
                ? Jdbc.first(c, "SELECT COUNT(*) FROM command_log WHERE outcome = ? AND at >= ?",
                        rs -> rs.getInt(1), kind.stored(), since).orElse(0)
                : Jdbc.first(c, "SELECT COUNT(*) FROM command_log WHERE outcome = ? AND at >= ? AND sender = ?",
                        rs -> rs.getInt(1), kind.stored(), since, sender).orElse(0));
    }

    /** Accepted measuring commands of one pool (ACCEPTED: maintainers'; ACCEPTED_AUTHOR) since a time. */
    public int acceptedSince(CommandOutcome pool, Instant since) {
        if (pool != CommandOutcome.ACCEPTED && pool != CommandOutcome.ACCEPTED_AUTHOR) {
            throw new IllegalArgumentException("not an acceptance: " + pool);
        }
        return db.call("counting commands", c -> Jdbc.first(c, "SELECT COUNT(*) FROM command_log WHERE outcome ="
                + " ? AND at >= ?", rs -> rs.getInt(1), pool.stored(), since).orElse(0));
    }

    /** Where IMAP reading of a mailbox stopped. */
    public Optional<ImapMailbox.Cursor> imapCursor(String mailbox) {
        return db.call("reading the IMAP cursor", c -> Jdbc.first(c, "SELECT uid_validity, last_uid FROM imap_cursor"
                + " WHERE mailbox = ?", rs -> new ImapMailbox.Cursor(rs.getLong(1), rs.getLong(2)), mailbox));
    }

    public void saveImapCursor(String mailbox, ImapMailbox.Cursor cursor) {
        db.run("saving the IMAP cursor", c -> {
            int n = Jdbc.update(c, "UPDATE imap_cursor SET uid_validity = ?, last_uid = ? WHERE mailbox = ?",
                    cursor.uidValidity(), cursor.lastUid(), mailbox);
            if (n == 0) {
                Jdbc.update(c, "INSERT INTO imap_cursor (mailbox, uid_validity, last_uid) VALUES (?,?,?)", mailbox,
                        cursor.uidValidity(), cursor.lastUid());
            }
        });
    }
}
