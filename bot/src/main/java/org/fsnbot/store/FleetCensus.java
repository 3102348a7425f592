package org.fsnbot.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The fleet counted, for its metrics and `fsnbot health` (docs/fleet.md
 * "Running it as a service"): one read of the queue, the runners, the
 * finished units and the boots, at one moment.
 */
public final class FleetCensus {

    /** The units of one runner class (empty: not dispatched yet) in one state, and the oldest one's age. */
    public record Units(String runnerClass, String state, long count, Duration oldest) {
        public Units {
            Objects.requireNonNull(runnerClass);
            Objects.requireNonNull(state);
            Objects.requireNonNull(oldest);
        }
    }

    /**
     * The counts: open units by class and state; runners by state, "gone"
     * for an active runner that holds no name (PostgreSQL only); every
     * unit ever by state; boots by status.
     */
    public record Counts(List<Units> open, Map<String, Long> runners, Map<String, Long> units,
            Map<String, Long> boots) {
        public Counts {
            open = List.copyOf(open);
            runners = Map.copyOf(runners);
            units = Map.copyOf(units);
            boots = Map.copyOf(boots);
        }

        public long units(String state) {
            return units.getOrDefault(state, 0L);
        }
    }

    private final Database db;
    private final Clock clock;

    FleetCensus(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** Why the database cannot be used now (no connection within the pool's wait, or not valid), if it cannot. */
    public java.util.Optional<String> unreachable() {
        try {
            return db.call("reaching the database", c -> c.isValid(5) ? java.util.Optional.<String>empty()
                    : java.util.Optional.of("the database did not answer within 5 s"));
        } catch (StoreException e) {
            return java.util.Optional.of("the database is unreachable: " + e.getMessage());
        }
    }

    public Counts count() {
        Instant now = clock.instant();
        return db.call("counting the fleet", c -> new Counts(Jdbc.rows(c, "SELECT COALESCE(runner_class, ''), state,"
                + " COUNT(*), MIN(COALESCE(started_at, created_at)) FROM work_queue WHERE state IN ('queued',"
                + " 'running') GROUP BY COALESCE(runner_class, ''), state ORDER BY 1, 2", rs -> new Units(
                        rs.getString(1), rs.getString(2), rs.getLong(3), Duration.between(rs.getTimestamp(4)
                                .toInstant(), now))),
                runners(c), byFirst(c, "SELECT state, COUNT(*) FROM work_queue GROUP BY state"),
                byFirst(c, "SELECT status, COUNT(*) FROM boots GROUP BY status")));
    }

    private static Map<String, Long> runners(Connection c) throws SQLException {
        if (!RunnerNameLock.postgres(c)) {
            return byFirst(c, "SELECT state, COUNT(*) FROM runners GROUP BY state");
        }
        return byFirst(c, "SELECT CASE WHEN r.state = 'active' AND NOT EXISTS (SELECT 1 FROM pg_locks WHERE "
                + RunnerNameLock.heldBy("r.name") + ") THEN 'gone' ELSE r.state END, COUNT(*) FROM runners r"
                + " GROUP BY 1");
    }

    private static Map<String, Long> byFirst(Connection c, String sql) throws SQLException {
        Map<String, Long> out = new TreeMap<>();
        for (Object[] r : Jdbc.rows(c, sql, rs -> new Object[] {rs.getString(1), rs.getLong(2)})) {
            out.put((String) r[0], (Long) r[1]);
        }
        return out;
    }
}
