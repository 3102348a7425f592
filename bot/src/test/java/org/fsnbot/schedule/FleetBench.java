package org.fsnbot.schedule;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.store.Store;
import org.fsnbot.store.WorkItem;
import org.fsnbot.store.WorkTarget;

/**
 * scripts/bench-fleet.sh's driver: with the simulated runners of class
 * "sim" checked in (each `fsnbot runner --simulate-ms`, its own JVM), it
 * queues JOBS units at RATE per second and dispatches them with the
 * coordinator's own Dispatcher, through the same Quartz cluster and
 * store; then prints the dispatch rate, the delay from queued to started
 * (p50/p99), the throughput and the most PostgreSQL connections seen.
 * The first WARMUP units (default 1000, -Dfsnbot.bench.warmup) are run
 * the same way and not counted: a hundred runner JVMs on a small machine
 * take their first half minute of real work to compile and settle.
 * Usage: FleetBench URL USER PASSWORD RUNNERS JOBS RATE
 */
public final class FleetBench {

    private FleetBench() {
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        String user = args[1];
        String password = args[2];
        int runners = Integer.parseInt(args[3]);
        int jobs = Integer.parseInt(args[4]);
        double rate = Double.parseDouble(args[5]);
        QuartzCluster cluster = new QuartzCluster(url, user, password, Duration.ofSeconds(10));
        try (Store store = Store.postgres(url, user, password, 4, Clock.systemUTC());
                Connection pg = DriverManager.getConnection(url, user, password);
                FleetScheduler.Dispatcher dispatch = new FleetScheduler.Dispatcher(store.fleet(), w -> "sim", cluster,
                        "bench")) {
            long t0 = System.nanoTime();
            while (store.count("runners", "state = 'active'") < runners || checkedIn(pg) < runners) {
                if (System.nanoTime() - t0 > Duration.ofMinutes(15).toNanos()) {
                    throw new IllegalStateException("only " + checkedIn(pg) + " of " + runners + " runners checked in");
                }
                Thread.sleep(1000);
            }
            System.out.printf(Locale.ROOT, "%d runners checked in after %.0f s%n", runners, (System.nanoTime() - t0) / 1e9);
            int warmup = Integer.getInteger("fsnbot.bench.warmup", 1000);
            run(store, dispatch, pg, warmup, rate, 0);
            long counted = store.count("work_queue", "");
            System.out.printf(Locale.ROOT, "%d warm-up units done%n", warmup);
            long start = System.nanoTime();
            Run r = run(store, dispatch, pg, jobs, rate, warmup);
            double wall = (System.nanoTime() - start) / 1e9;
            int maxConnections = r.maxConnections();
            double dispatchNanos = r.dispatchNanos();
            String measured = "id > " + counted;
            List<Double> delays = seconds(pg, "started_at - created_at", measured);
            List<Double> toDispatch = seconds(pg, "dispatched_at - created_at", measured);
            List<Double> toStart = seconds(pg, "started_at - dispatched_at", measured);
            System.out.printf(Locale.ROOT, "runners %d, jobs %d, offered %.0f/s%n", runners, jobs, rate);
            System.out.printf(Locale.ROOT, "dispatched: %.0f units/s while dispatching (%.1f s spent in Dispatcher)%n",
                    jobs / (dispatchNanos / 1e9), dispatchNanos / 1e9);
            System.out.printf(Locale.ROOT, "done: %d in %.1f s, %.1f units/s%n", jobs, wall, jobs / wall);
            System.out.printf(Locale.ROOT, "queued to started: p50 %.2f s, p90 %.2f s, p99 %.2f s, max %.2f s%n",
                    pct(delays, 50), pct(delays, 90), pct(delays, 99), delays.get(delays.size() - 1));
            System.out.printf(Locale.ROOT, "  of which queued to dispatched: p50 %.2f s, p99 %.2f s; dispatched to"
                    + " started: p50 %.2f s, p99 %.2f s%n", pct(toDispatch, 50), pct(toDispatch, 99), pct(toStart, 50),
                    pct(toStart, 99));
            try (Statement st = pg.createStatement(); ResultSet rs = st.executeQuery("SELECT (id - " + counted
                    + " - 1) / " + Math.max(1, jobs / 10) + ", PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY EXTRACT(EPOCH"
                    + " FROM (started_at - created_at))), MAX(EXTRACT(EPOCH FROM (started_at - created_at))) FROM"
                    + " work_queue WHERE " + measured + " GROUP BY 1 ORDER BY 1")) {
                StringBuilder line = new StringBuilder("  by tenth of the run, median/max s:");
                while (rs.next()) {
                    line.append(String.format(Locale.ROOT, " %.2f/%.1f", rs.getDouble(2), rs.getDouble(3)));
                }
                System.out.println(line);
            }
            try (Statement st = pg.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(DISTINCT runner),"
                    + " COUNT(*), MIN(EXTRACT(EPOCH FROM (started_at - dispatched_at))) FROM work_queue WHERE"
                    + " started_at - dispatched_at > INTERVAL '5 seconds' AND " + measured)) {
                rs.next();
                System.out.printf(Locale.ROOT, "  started over 5 s after dispatch: %d unit(s) on %d runner(s)%n",
                        rs.getInt(2), rs.getInt(1));
            }
            System.out.printf(Locale.ROOT, "PostgreSQL connections: at most %d (%.1f per runner)%n", maxConnections,
                    maxConnections / (double) runners);
        }
    }

    /** What one phase cost the driver. */
    private record Run(int maxConnections, double dispatchNanos) {
    }

    /** Queues jobs units (keys from offset) at rate per second, dispatching every 100 ms, until all are done. */
    private static Run run(Store store, FleetScheduler.Dispatcher dispatch, Connection pg, int jobs, double rate,
            int offset) throws Exception {
        int maxConnections = 0;
        long dispatchNanos = 0;
        long start = System.nanoTime();
        int queued = 0;
        while (store.count("work_queue", "state = 'done'") < offset + jobs) {
            double elapsed = (System.nanoTime() - start) / 1e9;
            int due = (int) Math.min(jobs, Math.floor(elapsed * rate));
            for (; queued < due; queued++) {
                int n = offset + queued;
                store.queue().enqueue(WorkItem.found("bench " + n, "bench unit " + n, new WorkTarget.Revision("v" + n),
                        new Base("/bench", "v0", BaseReason.of(BaseReason.Kind.CONFIGURED))));
            }
            long d = System.nanoTime();
            dispatch.run();
            dispatchNanos += System.nanoTime() - d;
            maxConnections = Math.max(maxConnections, connections(pg));
            Thread.sleep(100);
        }
        return new Run(maxConnections, dispatchNanos);
    }

    /** Each measured done unit's interval, in seconds, sorted. */
    private static List<Double> seconds(Connection pg, String interval, String where) throws Exception {
        List<Double> out = new ArrayList<>();
        try (Statement st = pg.createStatement(); ResultSet rs = st.executeQuery("SELECT EXTRACT(EPOCH FROM ("
                + interval + ")) FROM work_queue WHERE state = 'done' AND " + where)) {
            while (rs.next()) {
                out.add(rs.getDouble(1));
            }
        }
        out.sort(null);
        return out;
    }

    private static int checkedIn(Connection pg) throws Exception {
        try (Statement st = pg.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM"
                + " qrtz_scheduler_state WHERE sched_name = 'fsnbot-runners-sim'")) {
            return rs.next() ? rs.getInt(1) : 0;
        } catch (java.sql.SQLException e) {
            return 0;
        }
    }

    private static int connections(Connection pg) throws Exception {
        try (Statement st = pg.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM"
                + " pg_stat_activity WHERE datname = current_database()")) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }

    private static double pct(List<Double> sorted, double p) {
        int i = (int) Math.ceil(p / 100 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, i)));
    }
}
