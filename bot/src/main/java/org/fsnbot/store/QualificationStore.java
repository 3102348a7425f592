package org.fsnbot.store;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** What `fsnbot qualify` found on each runner's host, newest last (docs/fleet.md). */
public final class QualificationStore {

    /** One qualification: when, the line a reply quotes, and the checks as JSON. */
    public record Qualified(String runner, Instant at, String summary, String checksJson) {
        public Qualified {
            Objects.requireNonNull(runner);
            Objects.requireNonNull(at);
            Objects.requireNonNull(summary);
            Objects.requireNonNull(checksJson);
        }
    }

    private final Database db;

    QualificationStore(Database db) {
        this.db = db;
    }

    public void save(Qualified q) {
        db.call("filing the qualification of runner " + q.runner(), c -> Jdbc.update(c, "INSERT INTO"
                + " qualifications (runner, qualified_at, summary, checks) VALUES (?,?,?,?)", Jdbc.truncate(
                        q.runner(), 64), q.at(), Jdbc.truncate(q.summary(), 400), Jdbc.truncate(q.checksJson(), 8000)));
    }

    /** The runner's newest qualification, if it was ever qualified. */
    public Optional<Qualified> latest(String runner) {
        return db.call("reading the qualification of runner " + runner, c -> Jdbc.first(c, "SELECT runner,"
                + " qualified_at, summary, checks FROM qualifications WHERE runner = ? ORDER BY id DESC", rs ->
                        new Qualified(rs.getString(1), rs.getTimestamp(2).toInstant(), rs.getString(3),
                                rs.getString(4)), runner));
    }
}
