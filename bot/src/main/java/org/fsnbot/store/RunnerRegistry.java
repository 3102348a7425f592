package org.fsnbot.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The fleet's runners (docs/fleet.md): each one's class and the facts it
 * found at start, and whether it takes work. When a runner last checked
 * in is not kept here: Quartz's cluster records it (QRTZ_SCHEDULER_STATE),
 * and that is what decides whether its work moves.
 */
public final class RunnerRegistry {

    /** Whether a runner takes work. */
    public enum State {
        ACTIVE, DRAINING, STOPPED;

        public String stored() {
            return StoredName.of(this);
        }
    }

    /** A runner as registered, with its last Quartz check-in where the cluster has one. */
    public record Entry(String name, String runnerClass, String facts, State state, Instant startedAt,
            Optional<Instant> lastCheckin) {
        public Entry {
            Objects.requireNonNull(name);
            Objects.requireNonNull(lastCheckin);
        }
    }

    private final Database db;
    private final Clock clock;

    RunnerRegistry(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** Records a runner starting (again): its class, its facts (JSON), active. */
    public void register(String name, String runnerClass, String factsJson) {
        Instant now = clock.instant();
        db.inTransaction("registering runner " + name, c -> {
            int n = Jdbc.update(c, "UPDATE runners SET runner_class = ?, facts = ?, state = ?, started_at = ?,"
                    + " updated_at = ? WHERE name = ?", runnerClass, Jdbc.truncate(factsJson, 8000),
                    State.ACTIVE.stored(), now, now, name);
            if (n == 0) {
                Jdbc.update(c, "INSERT INTO runners (name, runner_class, facts, state, started_at, updated_at)"
                        + " VALUES (?,?,?,?,?,?)", name, runnerClass, Jdbc.truncate(factsJson, 8000),
                        State.ACTIVE.stored(), now, now);
            }
        });
    }

    /** What `fsnbot qualify` found on each runner's host, kept with the runner. */
    public QualificationStore qualifications() {
        return new QualificationStore(db);
    }

    /** Sets a runner's state; false when no such runner is registered. */
    public boolean setState(String name, State state) {
        return db.call("setting runner " + name, c -> Jdbc.update(c, "UPDATE runners SET state = ?, updated_at = ?"
                + " WHERE name = ?", state.stored(), clock.instant(), name)) > 0;
    }

    /** Whether a live process holds runner's name (RunnerNameLock; only on the fleet's PostgreSQL). */
    public boolean nameHeld(String runner) {
        return db.call("looking whether runner " + runner + " is alive", c -> RunnerNameLock.held(c, runner, 0));
    }

    public Optional<Entry> get(String name) {
        return all().stream().filter(e -> e.name().equals(name)).findFirst();
    }

    /** Every runner, by class and name. */
    public List<Entry> all() {
        return db.call("listing runners", c -> {
            Map<String, Instant> checkins = checkins(c);
            return Jdbc.rows(c, "SELECT name, runner_class, facts, state, started_at FROM runners ORDER BY"
                    + " runner_class, name", rs -> new Entry(rs.getString(1), rs.getString(2), rs.getString(3),
                            StoredName.parse(State.class, rs.getString(4)), rs.getTimestamp(5).toInstant(),
                            Optional.ofNullable(checkins.get(rs.getString(1)))));
        });
    }

    /** Quartz's last check-in per instance (runner name), where its tables exist (the fleet's PostgreSQL). */
    private static Map<String, Instant> checkins(Connection c) throws SQLException {
        Map<String, Instant> out = new HashMap<>();
        try (var tables = c.getMetaData().getTables(null, null, "qrtz_scheduler_state", null)) {
            if (!tables.next()) {
                return out;
            }
        }
        for (Object[] r : Jdbc.rows(c, "SELECT instance_name, last_checkin_time FROM qrtz_scheduler_state",
                rs -> new Object[] {rs.getString(1), rs.getLong(2)})) {
            Instant at = Instant.ofEpochMilli((Long) r[1]);
            out.merge((String) r[0], at, (a, b) -> a.isAfter(b) ? a : b);
        }
        return out;
    }
}
