package org.fsnbot.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.fsnbot.mail.MailLedger;
import org.fsnbot.mail.Reply;

/** The outgoing_mail table: every reply, its bytes and envelope, and its delivery state. */
public final class MailLog implements MailLedger {

    private final DataSource ds;

    MailLog(DataSource ds) {
        this.ds = ds;
    }

    @Override
    public long record(Long jobId, Reply r, String kind, String state, String emlPath, byte[] raw,
            List<String> envelope) throws SQLException {
        try (Connection c = ds.getConnection()) {
            List<String> rcpt = new ArrayList<>(r.to());
            rcpt.addAll(r.cc());
            return Jdbc.insert(c, "INSERT INTO outgoing_mail (job_id, message_id, in_reply_to, subject, recipients,"
                    + " kind, state, eml_path, created_at, raw, envelope) VALUES (?,?,?,?,?,?,?,?,?,?,?)", jobId,
                    r.messageId(), r.inReplyTo(), Jdbc.truncate(r.subject(), 2000),
                    Jdbc.truncate(String.join(", ", rcpt), 4000), kind, state, emlPath, Instant.now(), raw,
                    Jdbc.truncate(String.join(" ", envelope), 4000));
        }
    }

    @Override
    public List<Unsent> unsent() throws SQLException {
        List<Unsent> out = new ArrayList<>();
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT id, message_id, raw, envelope, state, attempts FROM outgoing_mail"
                        + " WHERE state IN ('pending', 'sending') ORDER BY id")) {
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Unsent(rs.getLong(1), rs.getString(2), rs.getBytes(3),
                            Arrays.asList(rs.getString(4).split(" ")), rs.getString(5), rs.getInt(6)));
                }
            }
        }
        return out;
    }

    @Override
    public void sending(long id) throws SQLException {
        Jdbc.update(ds, "UPDATE outgoing_mail SET state = 'sending', attempts = attempts + 1 WHERE id = ?", id);
    }

    @Override
    public void notSent(long id) throws SQLException {
        Jdbc.update(ds, "UPDATE outgoing_mail SET state = 'pending', attempts = attempts - 1 WHERE id = ?", id);
    }

    @Override
    public void sent(long id, String detail) throws SQLException {
        Jdbc.update(ds, "UPDATE outgoing_mail SET state = 'sent', sent_at = ?, detail = ? WHERE id = ?",
                Instant.now(), Jdbc.truncate(detail, 4000), id);
    }

    @Override
    public void failed(long id, String detail) throws SQLException {
        Jdbc.update(ds, "UPDATE outgoing_mail SET state = 'failed', detail = ? WHERE id = ?",
                Jdbc.truncate(detail, 4000), id);
    }

    /** The job a mail of ours reported on, if the Message-ID is one of ours. */
    public Optional<Long> jobOf(String messageId) throws SQLException {
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT job_id FROM outgoing_mail WHERE message_id = ?")) {
            Jdbc.bind(ps, messageId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                long id = rs.getLong(1);
                return rs.wasNull() ? Optional.of(-1L) : Optional.of(id);
            }
        }
    }

    /** A mail's state by Message-ID; for status answers and tests. */
    public String state(String messageId) throws SQLException {
        try (Connection c = ds.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT state FROM outgoing_mail WHERE message_id = ?")) {
            Jdbc.bind(ps, messageId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }
}
