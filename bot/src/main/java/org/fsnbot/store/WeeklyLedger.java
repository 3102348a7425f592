package org.fsnbot.store;

import java.time.Clock;
import java.time.LocalDate;
import java.util.Optional;

/**
 * Which weekly reports exist: a week is claimed with its Message-ID before
 * its mail is posted, so a second firing for the same week (a restart, a
 * second process) finds the claim and posts nothing new; a claim whose
 * mail never reached the mail log is posted again under the same id.
 */
public final class WeeklyLedger {

    private final Database db;
    private final Clock clock;

    WeeklyLedger(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** The Message-ID claimed for the week starting weekStart, if any. */
    public Optional<String> claimed(LocalDate weekStart) {
        return db.call("reading the weekly report of " + weekStart, c -> Jdbc.first(c,
                "SELECT message_id FROM weekly_reports WHERE week_start = ?", rs -> rs.getString(1), weekStart));
    }

    /** Claims the week for messageId; returns the id that holds the claim (another's, if it was first). */
    public String claim(LocalDate weekStart, String messageId) {
        return db.call("claiming the weekly report of " + weekStart, c -> {
            var known = Jdbc.first(c, "SELECT message_id FROM weekly_reports WHERE week_start = ?",
                    rs -> rs.getString(1), weekStart);
            if (known.isPresent()) {
                return known.get();
            }
            Jdbc.update(c, "INSERT INTO weekly_reports (week_start, message_id, created_at) VALUES (?,?,?)",
                    weekStart, messageId, clock.instant());
            return messageId;
        });
    }
}
