package org.fsnbot.store;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.List;
import java.util.Objects;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.h2.jdbcx.JdbcConnectionPool;
import org.h2.jdbcx.JdbcDataSource;

/**
 * fsnbot's durable state over JDBC, schema managed by Flyway; one view per
 * stage that keeps state. The embedded default is an H2 file database
 * under the cache directory; the fleet shares one PostgreSQL.
 */
public final class Store implements AutoCloseable {

    private final Database db;
    private final Clock clock;
    private final boolean shared;
    /** How claims and finishes wait out an outage of the fleet's database (H2 has none). */
    private final Patience patience = Patience.sleeping();

    public Store(DataSource ds, Clock clock) {
        this(ds, clock, false);
    }

    private Store(DataSource ds, Clock clock, boolean postgres) {
        this.db = new Database(ds);
        this.clock = Objects.requireNonNull(clock);
        this.shared = postgres;
        if (postgres) {
            List<Flyway> histories = List.of(
                    Flyway.configure().dataSource(PostgresDdl.translating(ds)).locations("classpath:db/migration").load(),
                    Flyway.configure().dataSource(ds).table("quartz_schema_history").locations(new String[0])
                            .javaMigrations(new QuartzTables())
                            // fsnbot's tables are there already: this history starts empty, at 0.
                            .baselineOnMigrate(true).baselineVersion("0").load());
            if (owns(ds)) {
                histories.forEach(Flyway::migrate);
                FleetGrants.apply(db);
            } else {
                awaitSchema(histories);
            }
        } else {
            Flyway.configure().dataSource(ds).locations("classpath:db/migration").load().migrate();
        }
    }

    /** How long a runner waits for a coordinator to bring the schema to its version. */
    private static final java.time.Duration SCHEMA_WAIT = java.time.Duration.ofMinutes(5);

    /**
     * A runner may not change the schema: it waits (saying so) until a
     * coordinator of its version has migrated it, as when the two start
     * together, and gives up after SCHEMA_WAIT.
     */
    private static void awaitSchema(List<Flyway> histories) {
        long end = System.nanoTime() + SCHEMA_WAIT.toNanos();
        boolean said = false;
        while (histories.stream().anyMatch(f -> f.info().pending().length > 0)) {
            if (System.nanoTime() > end) {
                throw new IllegalStateException("the fleet's schema is behind this fsnbot: start a coordinator (the"
                        + " schema's owner) of this version first (docs/fleet.md)");
            }
            if (!said) {
                org.slf4j.LoggerFactory.getLogger(Store.class).info("the fleet's schema is not at this fsnbot's"
                        + " version yet: waiting up to {} min for a coordinator to migrate it", SCHEMA_WAIT.toMinutes());
                said = true;
            }
            try {
                Thread.sleep(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted waiting for the schema", e);
            }
        }
    }

    /** Whether this login may change the schema: a coordinator's (it migrates), not a runner's. */
    private static boolean owns(DataSource ds) {
        try (java.sql.Connection c = ds.getConnection(); java.sql.Statement st = c.createStatement();
                java.sql.ResultSet rs = st.executeQuery("SELECT has_schema_privilege(current_schema(), 'CREATE')")) {
            return rs.next() && rs.getBoolean(1);
        } catch (java.sql.SQLException e) {
            throw new StoreException("asking what this login may do", e);
        }
    }

    /**
     * The fleet's shared store (docs/fleet.md): PostgreSQL through a
     * HikariCP pool, fsnbot's schema and Quartz's clustered job store
     * tables migrated at open.
     */
    public static Store postgres(String url, String user, String password, int poolSize, Clock clock) {
        HikariConfig hc = new HikariConfig();
        hc.setJdbcUrl(url);
        hc.setUsername(user);
        hc.setPassword(password);
        hc.setMaximumPoolSize(poolSize);
        hc.setMinimumIdle(1);
        hc.setPoolName("fsnbot-store");
        // An outage is seen within 5 s (Patience waits it out; /readyz and /metrics answer within a scrape).
        hc.setConnectionTimeout(5000);
        // A silent connection (a host cut off) fails in bounded time: SilenceBounds.
        SilenceBounds.PROPERTIES.forEach(hc::addDataSourceProperty);
        return new Store(StoreLoginRefused.saying(url, user, () -> new HikariDataSource(hc)), clock, true);
    }

    /** Whether this is the fleet's PostgreSQL, which other processes share (H2 is one process's). */
    public boolean shared() {
        return shared;
    }

    /**
     * This process as runner name for its life (RunnerNameLock), or empty
     * when another live process is that runner. The fleet's PostgreSQL only.
     */
    public Optional<RunnerNameLock> holdRunnerName(String name) {
        if (!(db.dataSource() instanceof HikariDataSource h)) {
            throw new IllegalStateException("runner names are held in the fleet's PostgreSQL (store.url)");
        }
        return RunnerNameLock.tryHold(h.getJdbcUrl(), h.getUsername(), h.getPassword(), name);
    }

    /** The pool itself, for Quartz's clustered job store on the same database. */
    public DataSource dataSource() {
        return db.dataSource();
    }

    public static Store h2(Path file) {
        return h2(file, Clock.systemUTC());
    }

    /**
     * The single machine's store: an H2 file that is fsnbot's alone. Its
     * directory is 0700 and its files 0600; a second fsnbot process on the
     * same home (a CLI command while `fsnbot run` holds the file) reaches
     * it through H2's AUTO_SERVER, which listens on loopback only
     * (H2Access) and lets in only who knows the database's random password,
     * kept in a 0600 file beside it.
     */
    public static Store h2(Path file, Clock clock) {
        H2Access access = H2Access.at(file.toAbsolutePath());
        JdbcDataSource h2 = new JdbcDataSource();
        // WRITE_DELAY=0: a commit is in the file before the call returns. H2's
        // default keeps it in memory for up to 500 ms, so a kill -9 just after
        // the SMTP server's 250 could lose "sending" and send a second copy.
        h2.setURL("jdbc:h2:file:" + file.toAbsolutePath() + ";AUTO_SERVER=TRUE;WRITE_DELAY=0");
        h2.setUser(H2Access.USER);
        h2.setPassword(access.password(h2));
        // H2's own small pool: opening a connection per query cost most of an empty poll.
        Store store = new Store(JdbcConnectionPool.create(h2), clock);
        access.closeFiles();
        return store;
    }

    /** Closes the store's connections; H2 closes its file with the last one. */
    @Override
    public void close() {
        if (db.dataSource() instanceof JdbcConnectionPool pool) {
            pool.dispose();
        } else if (db.dataSource() instanceof HikariDataSource pool) {
            pool.close();
        }
    }

    /** Messages the follower recorded as unparseable. */
    public UnparseableMessages unparseable() {
        return new UnparseableMessages(db);
    }

    /** Series, jobs and everything a job measured. */
    public JobStore jobs() {
        return new JobStore(db, clock);
    }

    public JobRecords jobRecords() {
        return new JobRecords(db);
    }

    /** The A/A noise of each runner setup. */
    public CalibrationStore calibrations() {
        return new CalibrationStore(db);
    }

    /** The follower's cursors, seen Message-IDs and waiting patch mails. */
    public IntakeLedger intake() {
        return new IntakeLedger(db, clock);
    }

    /** Mails holding #fsnbot commands, the command log and the IMAP cursor. */
    public CommandStore commands() {
        return new CommandStore(db, clock);
    }

    /** Every outgoing mail and its delivery state. */
    public MailLog mail() {
        return new MailLog(db, clock);
    }

    /** The queue of series and tree heads waiting to be measured. */
    public WorkQueue queue() {
        return new WorkQueue(db, clock, patience);
    }

    /** The fleet's runners, their facts and state. */
    public RunnerRegistry runners() {
        return new RunnerRegistry(db, clock);
    }

    /** The work queue as the fleet hands it to runners. */
    public FleetQueue fleet() {
        return new FleetQueue(db, clock, patience);
    }

    /** The fleet counted: queue, runners, units, boots (metrics, fsnbot health). */
    public FleetCensus census() {
        return new FleetCensus(db, clock);
    }

    /** What an operator does to a unit by hand: queue it again, fail it. */
    public UnitOverrides overrides() {
        return new UnitOverrides(db, clock);
    }

    /** Units of runners that died, found and queued again. */
    public DeadRunners deadRunners() {
        return new DeadRunners(db, clock);
    }

    /** The performance history behind the weekly report. */
    public TrendHistory trends() {
        return new TrendHistory(db, clock);
    }

    /** Which weekly reports were made. */
    public WeeklyLedger weekly() {
        return new WeeklyLedger(db, clock);
    }

    /** What fsnbot did in a week besides measuring heads: patch tests, reruns, failures. */
    public WeekActivity weekActivity() {
        return new WeekActivity(db);
    }

    /** Counts rows of a table; for tests and status output. */
    public long count(String table, String where, Object... args) {
        if (!table.matches("[a-z_]+")) {
            throw new IllegalArgumentException("bad table " + table);
        }
        return db.call("counting " + table, c -> Jdbc.first(c, "SELECT COUNT(*) FROM " + table
                + (where.isEmpty() ? "" : " WHERE " + where), rs -> rs.getLong(1), args).orElse(0L));
    }

    /** The first column of the first row, or null; for tests and status output. */
    public String text(String sql, Object... args) {
        return db.call("reading", c -> Jdbc.first(c, sql, rs -> rs.getString(1), args)).orElse(null);
    }

    /** The first column of every row; for tests and status output. */
    public List<String> texts(String sql, Object... args) {
        return db.call("reading", c -> Jdbc.rows(c, sql, rs -> rs.getString(1), args));
    }
}
