package org.fsnbot.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

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

    private final DataSource ds;

    CommandStore(DataSource ds) {
        this.ds = ds;
    }

    /** Keeps a mail to answer; false when it is already known. */
    public boolean add(String messageId, String source, byte[] raw) throws SQLException {
        try (Connection c = ds.getConnection()) {
            return add(c, messageId, source, raw);
        }
    }

    static boolean add(Connection c, String messageId, String source, byte[] raw) throws SQLException {
        if (Jdbc.exists(c, "SELECT 1 FROM command_mails WHERE message_id = ?", messageId)) {
            return false;
        }
        Jdbc.update(c, "INSERT INTO command_mails (message_id, source, raw, state, received_at) VALUES (?,?,?,?,?)",
                messageId, Jdbc.truncate(source, 2000), raw, "pending", Instant.now());
        return true;
    }

    public List<Stored> pending() throws SQLException {
        List<Stored> out = new ArrayList<>();
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT message_id, source, raw FROM command_mails WHERE state = 'pending' ORDER BY received_at")) {
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Stored(rs.getString(1), rs.getString(2), rs.getBytes(3)));
                }
            }
        }
        return out;
    }

    public Optional<byte[]> raw(String messageId) throws SQLException {
        try (Connection c = ds.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT raw FROM command_mails WHERE message_id = ?")) {
            Jdbc.bind(ps, messageId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getBytes(1)) : Optional.empty();
            }
        }
    }

    public void done(String messageId, String detail) throws SQLException {
        Jdbc.update(ds, "UPDATE command_mails SET state = 'done', detail = ? WHERE message_id = ?",
                Jdbc.truncate(detail, 4000), messageId);
    }

    /** Records one command's outcome (accepted, refused, error, limited) for the rate limits and the record. */
    public void log(String sender, String command, String outcome) throws SQLException {
        try (Connection c = ds.getConnection()) {
            Jdbc.insert(c, "INSERT INTO command_log (sender, command, outcome, at) VALUES (?,?,?,?)", sender,
                    Jdbc.truncate(command, 2000), outcome, Instant.now());
        }
    }

    /** Accepted measuring commands since a time, from one sender (or everyone when sender is null). */
    public int acceptedSince(String sender, Instant since) throws SQLException {
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT COUNT(*) FROM command_log WHERE outcome = 'accepted' AND at >= ?"
                        + (sender == null ? "" : " AND sender = ?"))) {
            if (sender == null) {
                Jdbc.bind(ps, since);
            } else {
                Jdbc.bind(ps, since, sender);
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** Where IMAP reading of a mailbox stopped: {uidValidity, lastUid}. */
    public Optional<long[]> imapCursor(String mailbox) throws SQLException {
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT uid_validity, last_uid FROM imap_cursor WHERE mailbox = ?")) {
            Jdbc.bind(ps, mailbox);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(new long[] {rs.getLong(1), rs.getLong(2)}) : Optional.empty();
            }
        }
    }

    public void saveImapCursor(String mailbox, long uidValidity, long lastUid) throws SQLException {
        try (Connection c = ds.getConnection()) {
            int n = Jdbc.update(c, "UPDATE imap_cursor SET uid_validity = ?, last_uid = ? WHERE mailbox = ?",
                    uidValidity, lastUid, mailbox);
            if (n == 0) {
                Jdbc.update(c, "INSERT INTO imap_cursor (mailbox, uid_validity, last_uid) VALUES (?,?,?)", mailbox,
                        uidValidity, lastUid);
            }
        }
    }
}
