package org.fsnbot.store;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Optional;
import java.util.Properties;

/**
 * One live process per runner name (docs/fleet.md "One process per
 * name"): a session-level PostgreSQL advisory lock, keyed by the name,
 * on a connection of the runner's own that lives as long as the process.
 * A clean exit or a kill -9 closes the connection and frees the name at
 * once, so a restart is immediate; a host that vanishes without closing
 * it frees it when the server's TCP keepalive gives up (about 30 s, set
 * here per session). The claim of a unit checks, in its transaction,
 * that this session still holds the name (FleetQueue.claim): a runner
 * whose connection died in a database outage claims nothing until it
 * holds its name again, and by then no one else does.
 */
public final class RunnerNameLock implements AutoCloseable {

    /** The advisory-lock space of runner names ("fsnb"); the second key is hashtext(name). */
    static final int SPACE = 0x66736e62;

    /** How many sessions hold the name given as the query's parameter (0 or 1). */
    static final String HELD = "SELECT COUNT(*) FROM pg_locks WHERE " + heldBy("?");

    /**
     * pg_locks' condition for the lock of the runner name nameSql (a
     * parameter or a column): this database's (advisory locks are per
     * database, pg_locks shows the whole server's), in the name space,
     * keyed by the name's hash as pg_locks shows a 32-bit key: unsigned.
     */
    static String heldBy(String nameSql) {
        return "locktype = 'advisory' AND granted AND objsubid = 2 AND database = (SELECT oid FROM pg_database WHERE"
                + " datname = current_database()) AND classid = " + SPACE + " AND objid::bigint = (hashtext(" + nameSql
                + ")::bigint & 4294967295)";
    }

    /**
     * Whether runner's name is held: by session when it is not 0 (a
     * negative session is one the runner lost: never), by anyone when it
     * is. Only the fleet's PostgreSQL has name locks; elsewhere a claimant's
     * own session counts as holding it and no one else is taken for alive.
     */
    static boolean held(Connection c, String runner, int session) throws SQLException {
        if (!postgres(c)) {
            return session > 0;
        }
        return Jdbc.first(c, RunnerNameLock.HELD + (session != 0 ? " AND pid = " + session : ""),
                rs -> rs.getLong(1), runner).orElse(0L) > 0;
    }

    static boolean postgres(Connection c) throws SQLException {
        return c.getMetaData().getDatabaseProductName().equals("PostgreSQL");
    }

    private final Connection c;
    private final String name;
    private final int session;

    private RunnerNameLock(Connection c, String name, int session) {
        this.c = c;
        this.name = name;
        this.session = session;
    }

    /** Takes name on a new connection to url, or empty when another live process holds it. */
    static Optional<RunnerNameLock> tryHold(String url, String user, String password, String name) {
        // Bounded, so a runner cut off learns it within seconds and its watch keeps counting (RunnerWatches).
        Properties p = SilenceBounds.into(new Properties());
        p.setProperty("user", user);
        p.setProperty("password", password);
        p.setProperty("ApplicationName", "fsnbot runner " + name);
        Connection c = null;
        try {
            c = DriverManager.getConnection(url, p);
            try (var st = c.createStatement()) {
                st.execute("SET tcp_keepalives_idle = 10");
                st.execute("SET tcp_keepalives_interval = 5");
                st.execute("SET tcp_keepalives_count = 4");
            }
            Optional<Integer> pid = Jdbc.first(c, "SELECT pg_backend_pid() FROM (SELECT pg_try_advisory_lock(" + SPACE
                    + ", hashtext(?)) AS held) t WHERE held", rs -> rs.getInt(1), name);
            if (pid.isEmpty()) {
                c.close();
                return Optional.empty();
            }
            return Optional.of(new RunnerNameLock(c, name, pid.get()));
        } catch (SQLException e) {
            closeQuietly(c);
            throw new StoreException("holding runner name " + name, e);
        }
    }

    private static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException e) {
                // Already failing: the caller learns why from the first error.
            }
        }
    }

    public String name() {
        return name;
    }

    /** The server session (backend pid) that holds the name: claims check it is still this one. */
    public int session() {
        return session;
    }

    /** Whether the connection holding the name still answers (it does not when the database was away). */
    public boolean alive() {
        try {
            return c.isValid(2);
        } catch (SQLException e) {
            return false;
        }
    }

    /** Frees the name: the process stops being this runner. */
    @Override
    public void close() {
        closeQuietly(c);
    }
}
