package org.fsnbot.store;

import java.nio.file.Path;
import java.time.Clock;
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

    public Store(DataSource ds, Clock clock) {
        this(ds, clock, false);
    }

    private Store(DataSource ds, Clock clock, boolean postgres) {
        this.db = new Database(ds);
        this.clock = Objects.requireNonNull(clock);
        this.shared = postgres;
        if (postgres) {
            Flyway.configure().dataSource(PostgresDdl.translating(ds)).locations("classpath:db/migration").load()
                    .migrate();
            Flyway.configure().dataSource(ds).table("quartz_schema_history").locations(new String[0])
                    .javaMigrations(new QuartzTables())
                    // fsnbot's tables are there already: this history starts empty, at 0.
                    .baselineOnMigrate(true).baselineVersion("0").load().migrate();
        } else {
            Flyway.configure().dataSource(ds).locations("classpath:db/migration").load().migrate();
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
        return new Store(new HikariDataSource(hc), clock, true);
    }

    /** Whether this is the fleet's PostgreSQL, which other processes share (H2 is one process's). */
    public boolean shared() {
        return shared;
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

    /** The A/A noise of each runner setup. */
    public JobRecords jobRecords() {
        return new JobRecords(db);
    }

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
        return new WorkQueue(db, clock);
    }

    /** The fleet's runners, their facts and state. */
    public RunnerRegistry runners() {
        return new RunnerRegistry(db, clock);
    }

    /** The work queue as the fleet hands it to runners. */
    public FleetQueue fleet() {
        return new FleetQueue(db, clock);
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
