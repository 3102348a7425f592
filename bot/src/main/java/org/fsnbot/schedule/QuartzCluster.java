package org.fsnbot.schedule;

import java.time.Duration;
import java.util.Objects;
import java.util.Properties;
import org.fsnbot.store.SilenceBounds;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.impl.StdSchedulerFactory;

/**
 * One node's view of a Quartz cluster on the fleet's PostgreSQL
 * (docs/fleet.md): the JDBC job store, clustered, with a small HikariCP
 * pool of its own. Nodes that share a scheduler name are one cluster: the
 * coordinators are one, the runners of each class another, so a runner
 * only ever fires measurements of its own class. Each node checks in
 * every checkin; a node silent for about that plus 7.5 s is taken for
 * dead, and the others recover its work (Quartz's, not ours).
 */
public record QuartzCluster(String url, String user, String password, Duration checkin) {

    /** The coordinators' cluster: polls, command answers, the weekly report. */
    public static final String COORDINATORS = "fsnbot-coordinators";

    public QuartzCluster {
        Objects.requireNonNull(url);
        Objects.requireNonNull(user);
        Objects.requireNonNull(password);
        if (checkin.isNegative() || checkin.isZero()) {
            throw new IllegalArgumentException("a cluster check-in interval is positive");
        }
    }

    /** The runners' cluster of one class. */
    public static String runnersOf(String runnerClass) {
        return "fsnbot-runners-" + runnerClass;
    }

    /**
     * A scheduler of cluster name, as instance id, with threads worker
     * threads (a runner has one: one measurement at a time). Not started.
     */
    public Scheduler scheduler(String name, String instanceId, int threads) throws SchedulerException {
        Properties p = new Properties();
        p.setProperty("org.quartz.scheduler.instanceName", name);
        p.setProperty("org.quartz.scheduler.instanceId", instanceId);
        p.setProperty("org.quartz.scheduler.skipUpdateCheck", "true");
        // A node with nothing to fire looks again after a second (Quartz's
        // default is 30 s: that much dispatch delay for every job).
        p.setProperty("org.quartz.scheduler.idleWaitTime", "1000");
        p.setProperty("org.quartz.threadPool.threadCount", Integer.toString(threads));
        p.setProperty("org.quartz.jobStore.class", "org.quartz.impl.jdbcjobstore.JobStoreTX");
        p.setProperty("org.quartz.jobStore.driverDelegateClass", "org.quartz.impl.jdbcjobstore.PostgreSQLDelegate");
        p.setProperty("org.quartz.jobStore.dataSource", "fsnbot");
        p.setProperty("org.quartz.jobStore.isClustered", "true");
        p.setProperty("org.quartz.jobStore.clusterCheckinInterval", Long.toString(checkin.toMillis()));
        // Job data as strings only: nothing a database row holds is ever deserialized into objects.
        p.setProperty("org.quartz.jobStore.useProperties", "true");
        // One trigger at a time per node: acquired by an optimistic update of its
        // row, not under the cluster-wide lock every node and the dispatch would
        // otherwise queue on (measured: scripts/bench-fleet.sh, docs/fleet.md).
        p.setProperty("org.quartz.jobStore.acquireTriggersWithinLock", "false");
        // A unit's job and trigger are new rows with a key of their own: storing
        // them needs no cluster-wide lock either.
        p.setProperty("org.quartz.jobStore.lockOnInsert", "false");
        p.setProperty("org.quartz.dataSource.fsnbot.provider", "hikaricp");
        p.setProperty("org.quartz.dataSource.fsnbot.driver", "org.postgresql.Driver");
        p.setProperty("org.quartz.dataSource.fsnbot.URL", SilenceBounds.onUrl(url));
        p.setProperty("org.quartz.dataSource.fsnbot.user", user);
        p.setProperty("org.quartz.dataSource.fsnbot.password", password);
        // The worker threads, and one for the scheduler's own acquiring, check-ins and misfires.
        p.setProperty("org.quartz.dataSource.fsnbot.maxConnections", Integer.toString(threads + 1));
        return new StdSchedulerFactory(p).getScheduler();
    }
}
