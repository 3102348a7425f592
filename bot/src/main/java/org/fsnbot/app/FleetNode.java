package org.fsnbot.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import org.fsnbot.job.RunnerName;
import org.fsnbot.schedule.FleetScheduler;
import org.fsnbot.schedule.QuartzCluster;
import org.fsnbot.schedule.RunScheduler;
import org.fsnbot.schedule.RunnerScheduler;
import org.fsnbot.store.RunnerNameLock;
import org.fsnbot.store.RunnerRegistry;
import org.fsnbot.store.Work;
import org.fsnbot.vm.HostFacts;
import org.fsnbot.plan.HostTopology;
import org.fsnbot.vm.QemuBoot;
import org.fsnbot.vm.RunnerFacts;
import org.fsnbot.fleet.FleetWorker;
import org.fsnbot.fleet.OrphanSweep;
import org.fsnbot.fleet.RunnerRouter;
import org.fsnbot.health.Node;
import org.fsnbot.work.QueueWorker;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This process as a node of the fleet (docs/fleet.md): a coordinator
 * (`fsnbot run` on the shared store: polls, commands, dispatch and the
 * weekly report, one coordinator at a time) or a runner (`fsnbot runner`:
 * measures the units of its class, one at a time, until stopped or
 * drained).
 */
public final class FleetNode {

    private static final Logger log = LoggerFactory.getLogger(FleetNode.class);

    /** How long a starting runner looks for its name to be freed before it says another process holds it. */
    private static final Duration NAME_WAIT = Duration.ofSeconds(3);

    /**
     * How long a stopping runner waits for its job at hand, which its stop
     * has told to end (UnitLease, Patience): seconds, unless a statement
     * hangs on a silent connection (30 s, Store.postgres). Under the
     * runner service's TimeoutStopSec of 90 s.
     */
    private static final Duration RUNNER_JOB_WAIT = Duration.ofSeconds(60);

    /** How long a stopping coordinator lets a poll or a dispatch finish: under its service's 5 min. */
    private static final Duration COORDINATOR_JOB_WAIT = Duration.ofMinutes(4);

    /** A started node: stop it (after the running job), or wait until it stopped (drained). */
    public static final class Running {
        private final Scheduler scheduler;
        private final CountDownLatch stopped = new CountDownLatch(1);
        private final AutoCloseable also;
        private final Node node;
        private final Runnable stopWaiting;
        private final Duration jobWait;

        /**
         * stopWaiting is run first by stop; jobWait bounds the wait for the
         * job at hand after it (under the service's TimeoutStopSec).
         */
        Running(Scheduler scheduler, AutoCloseable also, Node node, Runnable stopWaiting, Duration jobWait) {
            this.scheduler = scheduler;
            this.also = also;
            this.node = node;
            this.stopWaiting = stopWaiting;
            this.jobWait = jobWait;
        }

        /** This node as its health endpoint reports it. */
        public Node node() {
            return node;
        }

        /**
         * Stops: first stopWaiting (every wait on the database gives up at
         * once; a runner also stops measuring and hands its unit back), then
         * waits for the job at hand, at most jobWait, then shuts the
         * scheduler down without waiting for Quartz's own bookkeeping: with
         * the database away, Quartz retries recording a job's end until its
         * store shuts down, and a shutdown that waited for it would wait for
         * the database. A unit left undone is queued again at the runner's
         * next start or by a coordinator's sweep; Quartz recovers the firing.
         */
        public void stop() {
            try {
                stopWaiting.run();
                scheduler.standby();
                awaitJobs();
                scheduler.shutdown(false);
                also.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                log.debug("stopping: {}", e.toString());
            }
            stopped.countDown();
        }

        private void awaitJobs() throws SchedulerException, InterruptedException {
            long end = System.nanoTime() + jobWait.toNanos();
            while (!scheduler.getCurrentlyExecutingJobs().isEmpty()) {
                if (System.nanoTime() >= end) {
                    log.warn("stopping: the job at hand has not ended within {} s; stopping without it (the store"
                            + " keeps it undone, and it is taken up again)", jobWait.toSeconds());
                    return;
                }
                Thread.sleep(200);
            }
        }

        public void awaitStop() throws InterruptedException {
            stopped.await();
        }
    }

    private FleetNode() {
    }

    /** What a runner does first once it holds its name. */
    @FunctionalInterface
    public interface Ready {
        void prepare() throws IOException;
    }

    /** app's view of the fleet's Quartz cluster; only on the shared store. */
    static QuartzCluster cluster(Application app) {
        Config.StoreSettings db = app.config().deployment().store();
        if (!db.shared()) {
            throw new IllegalStateException("the fleet needs store.url (PostgreSQL); this fsnbot runs on H2 alone");
        }
        return new QuartzCluster(db.url().orElseThrow(), db.user(), db.password(),
                Duration.ofSeconds(app.config().deployment().fleet().checkinSeconds()));
    }

    /** Which class a unit goes to, from the active runners' facts. */
    static RunnerRouter router(Application app) {
        String fallback = app.config().deployment().fleet().defaultClass();
        return new RunnerRouter(() -> app.store().runners().all(), app.config().jobs().topology(),
                fallback.isEmpty() ? app.runnerName().runnerClass() : fallback);
    }

    /** The coordinator's dispatch (FleetScheduler.Dispatcher) for app; close it after use. */
    public static FleetScheduler.Dispatcher dispatcher(Application app) {
        return new FleetScheduler.Dispatcher(app.store().fleet(), router(app)::classFor, cluster(app),
                app.runnerName().name());
    }

    /** A runner's measuring: as the single machine's queue does. */
    public static Consumer<Work> measuring(Application app) {
        return app.queueWorker()::run;
    }

    /**
     * How long a runner may hold no name before its unit is another's: two
     * check-in intervals. A live runner whose connection the database
     * dropped holds its name again within one look (RunnerWatches) of the
     * database's return.
     */
    static Duration ownerGrace(Application app) {
        return Duration.ofSeconds(2L * app.config().deployment().fleet().checkinSeconds());
    }

    /**
     * How long a runner may hold no name before it stops measuring its
     * unit (job.UnitLease): one check-in interval, at least 5 s. Another
     * runner can take the unit only after the server has ended the cut-off
     * runner's session (TCP keepalive, about 30 s, RunnerNameLock) and a
     * coordinator has then seen no name for the grace (two intervals), so
     * the cut-off runner has stopped before anyone else starts.
     */
    static Duration holdLimit(Application app) {
        return Duration.ofSeconds(Math.max(5, app.config().deployment().fleet().checkinSeconds()));
    }

    /** Whether runner holds its name now or within grace (looking every second); interrupted, taken for alive. */
    private static boolean holdsItsName(RunnerRegistry registry, String runner, Duration grace) {
        return Polling.within(grace, Duration.ofSeconds(1), () -> {
            try {
                return registry.nameHeld(runner) ? Optional.of(true) : Optional.<Boolean>empty();
            } catch (RuntimeException e) {
                log.warn("looking whether runner {} is alive: {}", runner, e.toString());
                return Optional.<Boolean>empty();
            }
        }).orElse(Thread.currentThread().isInterrupted());
    }

    /** Starts app as a coordinator named by its runner name: it polls with loop and dispatches to the runners. */
    public static Running coordinator(Application app, RunLoop loop) throws SchedulerException {
        QuartzCluster cluster = cluster(app);
        String name = app.runnerName().name();
        FleetScheduler.Dispatcher dispatch = dispatcher(app);
        Scheduler s = FleetScheduler.start(cluster, name, new FleetScheduler.Coordinator(loop::poll, dispatch,
                app.config().polling().pollMinutes(), new OrphanSweep(app.store().deadRunners(), dispatch, app.clock(),
                        ownerGrace(app)), app.config().deployment().fleet().checkinSeconds()), new RunScheduler.Weekly(app.weeklyCatchUp(),
                        app.config().mailing().weekly().cron()));
        log.info("coordinator {} joined the fleet", name);
        return new Running(s, dispatch, NodeHealth.coordinator(name, s), app.store().queue()::stopWaiting,
                COORDINATOR_JOB_WAIT);
    }

    /**
     * Starts app as a runner that measures with measure (a simulation in
     * scripts/bench-fleet.sh): holds its name in the store for as long as
     * it lives (one process per name: a second is refused, a restart after
     * a clean stop or a crash is not), records its facts, takes its class's
     * work, and stops by itself after its current job once an operator
     * drains it. Empty when another live process is this runner: then
     * nothing else was done (a twin touches no process, file or unit).
     * ready runs once the name is held, before anything else (a measuring
     * runner's sandbox and the reaping of what its killed predecessor left).
     */
    public static Optional<Running> runner(Application app, Consumer<Work> measure, Ready ready)
            throws SchedulerException, IOException {
        RunnerName me = app.runnerName();
        RunnerRegistry registry = app.store().runners();
        Optional<RunnerNameLock> held = holdName(app, me.name());
        if (held.isEmpty()) {
            return Optional.empty();
        }
        RunnerNameHolder name = new RunnerNameHolder(app, held.get());
        try {
            ready.prepare();
        } catch (IOException | RuntimeException e) {
            name.close();
            throw e;
        }
        app.store().deadRunners().requeueLeftBy(me.name(), QueueWorker.MAX_CRASHES).forEach(said -> log.warn("{}",
                said));
        QuartzCluster cluster = cluster(app);
        RunnerFacts facts = RunnerFacts.probe(me.name(), me.runnerClass(), HostFacts.probe(QemuBoot.QEMU),
                HostTopology.read());
        registry.register(me.name(), me.runnerClass(), facts.json(new ObjectMapper()));
        log.info("runner {}: {}", me.label(), facts.summary());
        java.util.concurrent.atomic.AtomicReference<Scheduler> node = new java.util.concurrent.atomic.AtomicReference<>();
        FleetWorker worker = new FleetWorker(app.store().fleet(), measure, me, other -> holdsItsName(registry, other,
                ownerGrace(app)), name::session, () -> RunnerWatches.pause(node.get()), app.lease());
        Scheduler s = RunnerScheduler.start(cluster, me.runnerClass(), me.name(), worker::run);
        node.set(s);
        Running running = new Running(s, () -> {
            registry.setState(me.name(), RunnerRegistry.State.STOPPED);
            name.close();
        }, NodeHealth.runner(me.name(), s, name), () -> {
            app.store().queue().stopWaiting();
            if (app.lease().lose("the runner is stopping")) {
                log.warn("runner {} is stopping: the unit it measures is handed back (its build and boots are"
                        + " killed, its results dropped); drain a runner to let it finish its unit first", me.name());
            }
        }, RUNNER_JOB_WAIT);
        RunnerWatches.start(new RunnerWatches.Watched(registry, me.name(), s, running, app.disk()), name, app.lease(),
                holdLimit(app));
        return Optional.of(running);
    }

    /**
     * The runner's name, looked for up to NAME_WAIT: a process that just
     * ended (a restart) frees it when the server ends its session, a few
     * milliseconds after the process is gone.
     */
    private static Optional<RunnerNameLock> holdName(Application app, String name) {
        return Polling.within(NAME_WAIT, Duration.ofMillis(250), () -> app.store().holdRunnerName(name));
    }
}
