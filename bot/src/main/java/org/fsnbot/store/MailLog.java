package org.fsnbot.store;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.fsnbot.mail.MailLedger;
import org.fsnbot.mail.MailState;
import org.fsnbot.mail.Reply;

/** The outgoing_mail table: every reply, its bytes and envelope, and its delivery state. */
public final class MailLog implements MailLedger {

    private final Database db;
    private final Clock clock;

    MailLog(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /**
     * Records a reply, unless its job was abandoned (a takeover or a
     * coordinator's sweep found its runner holding no name past the grace,
     * and the unit runs again elsewhere): then IllegalStateException, and
     * nothing is recorded, so the unit is answered once. The job's row is
     * locked first, as DeadRunners.settle locks it, so the two see each
     * other's commits.
     */
    @Override
    public long record(Long jobId, Outgoing m) {
        return db.transaction("recording mail " + m.reply().messageId(), c -> {
            if (jobId != null && Jdbc.first(c, "SELECT outcome FROM jobs WHERE id = ? FOR UPDATE",
                    rs -> String.valueOf(rs.getString(1)), jobId).filter(JobStore.ABANDONED::equals).isPresent()) {
                throw new IllegalStateException("job " + jobId + " was abandoned while it ran (its runner held no"
                        + " name past the grace; its unit runs again elsewhere): its reply is not sent");
            }
            return insert(c, jobId, m);
        });
    }

    private long insert(java.sql.Connection c, Long jobId, Outgoing m) throws java.sql.SQLException {
        Reply r = m.reply();
        List<String> rcpt = new ArrayList<>(r.to());
        rcpt.addAll(r.cc());
        return Jdbc.insert(c, "INSERT INTO outgoing_mail (job_id,"
                + " message_id, in_reply_to, subject, recipients, kind, state, eml_path, created_at, raw, envelope,"
                + " answers) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", jobId, r.messageId(), r.inReplyTo(),
                Jdbc.truncate(r.subject(), 2000), Jdbc.truncate(String.join(", ", rcpt), 4000), m.kind().name(),
                m.state().stored(), m.eml().toString(), clock.instant(), m.raw(),
                Jdbc.truncate(String.join(" ", m.envelope()), 4000),
                m.answers() == null ? null : Jdbc.truncate(m.answers(), 320));
    }

    @Override
    public int answeredLastHour(String sender) {
        return db.call("counting replies to " + sender, c -> Jdbc.first(c, "SELECT COUNT(*) FROM outgoing_mail"
                + " WHERE answers = ? AND created_at > ?", rs -> rs.getInt(1), Jdbc.truncate(sender, 320),
                clock.instant().minus(java.time.Duration.ofHours(1))).orElse(0));
    }

    @Override
    public List<Unsent> unsent() {
        return db.call("reading unsent mail", c -> Jdbc.rows(c, "SELECT id, message_id, raw, envelope, state,"
                + " attempts, recorded_by IS NOT NULL AND recorded_by <> CURRENT_USER FROM outgoing_mail"
                + " WHERE state IN ('pending', 'sending') ORDER BY id",
                rs -> new Unsent(rs.getLong(1), rs.getString(2), rs.getBytes(3),
                        Arrays.asList(rs.getString(4).split(" ")), MailState.ofStored(rs.getString(5)),
                        rs.getInt(6), rs.getBoolean(7))));
    }

    @Override
    public void sending(long id) {
        db.run("marking mail " + id + " sending", c -> Jdbc.update(c, "UPDATE outgoing_mail SET state = 'sending',"
                + " attempts = attempts + 1 WHERE id = ?", id));
    }

    @Override
    public void notSent(long id) {
        db.run("marking mail " + id + " not sent", c -> Jdbc.update(c, "UPDATE outgoing_mail SET state = 'pending',"
                + " attempts = attempts - 1 WHERE id = ?", id));
    }

    @Override
    public void sent(long id, String detail) {
        db.run("marking mail " + id + " sent", c -> Jdbc.update(c, "UPDATE outgoing_mail SET state = 'sent',"
                + " sent_at = ?, detail = ? WHERE id = ?", clock.instant(), Jdbc.truncate(detail, 4000), id));
    }

    @Override
    public void failed(long id, String detail) {
        db.run("marking mail " + id + " failed", c -> Jdbc.update(c, "UPDATE outgoing_mail SET state = 'failed',"
                + " detail = ? WHERE id = ?", Jdbc.truncate(detail, 4000), id));
    }

    /** A mail fsnbot sent, and the job it reported on (none for command answers). */
    public record OwnMail(String messageId, Optional<Long> jobId) {
    }

    /** The mail of ours with this Message-ID, if it is one. */
    public Optional<OwnMail> own(String messageId) {
        return db.call("looking up " + messageId, c -> Jdbc.first(c, "SELECT job_id FROM outgoing_mail WHERE"
                + " message_id = ?", rs -> {
                    long id = rs.getLong(1);
                    return new OwnMail(messageId, rs.wasNull() ? Optional.empty() : Optional.of(id));
                }, messageId));
    }

    /** A mail's state by Message-ID; for status answers and tests. */
    public Optional<MailState> state(String messageId) {
        return db.call("looking up " + messageId, c -> Jdbc.first(c, "SELECT state FROM outgoing_mail WHERE"
                + " message_id = ?", rs -> MailState.ofStored(rs.getString(1)), messageId));
    }
}
