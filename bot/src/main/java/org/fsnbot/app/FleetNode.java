package org.fsnbot.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import org.fsnbot.job.RunnerName;
import org.fsnbot.schedule.FleetScheduler;
import org.fsnbot.schedule.QuartzCluster;
import org.fsnbot.schedule.RunScheduler;
import org.fsnbot.schedule.RunnerScheduler;
import org.fsnbot.store.RunnerRegistry;
import org.fsnbot.store.Work;
import org.fsnbot.vm.HostFacts;
import org.fsnbot.plan.HostTopology;
import org.fsnbot.vm.QemuBoot;
import org.fsnbot.vm.RunnerFacts;
import org.fsnbot.fleet.FleetWorker;
import org.fsnbot.fleet.RunnerRouter;
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

    /** How often a runner looks whether an operator drained it. */
    private static final Duration DRAIN_LOOK = Duration.ofSeconds(2);

    /** A started node: stop it (after the running job), or wait until it stopped (drained). */
    public static final class Running {
        private final Scheduler scheduler;
        private final CountDownLatch stopped = new CountDownLatch(1);
        private final AutoCloseable also;

        Running(Scheduler scheduler, AutoCloseable also) {
            this.scheduler = scheduler;
            this.also = also;
        }

        public void stop() {
            try {
                scheduler.shutdown(true);
                also.close();
            } catch (Exception e) {
                log.debug("stopping: {}", e.toString());
            }
            stopped.countDown();
        }

        public void awaitStop() throws InterruptedException {
            stopped.await();
        }
    }

    private FleetNode() {
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

    /** A runner's side of a unit: it measures as the single machine's queue does. */
    public static FleetWorker worker(Application app) {
        return worker(app, app.queueWorker()::run);
    }

    /**
     * A runner's side of a unit, measuring with measure (a simulation in
     * scripts/bench-fleet.sh); a runner taken for dead is waited for two
     * check-in intervals (and 2 s) before its unit is taken over.
     */
    public static FleetWorker worker(Application app, Consumer<Work> measure) {
        Duration wait = Duration.ofSeconds(2L * app.config().deployment().fleet().checkinSeconds() + 2);
        RunnerRegistry registry = app.store().runners();
        return new FleetWorker(app.store().fleet(), measure, app.runnerName(), (name, since) -> {
            long end = System.nanoTime() + wait.toNanos();
            while (System.nanoTime() < end) {
                if (registry.get(name).flatMap(RunnerRegistry.Entry::lastCheckin).filter(since::isBefore)
                        .isPresent()) {
                    return true;
                }
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return true;
                }
            }
            return false;
        }, app.clock());
    }

    /** Starts app as a coordinator named by its runner name: it polls with loop and dispatches to the runners. */
    public static Running coordinator(Application app, RunLoop loop) throws SchedulerException {
        QuartzCluster cluster = cluster(app);
        String name = app.runnerName().name();
        FleetScheduler.Dispatcher dispatch = dispatcher(app);
        Scheduler s = FleetScheduler.start(cluster, name, new FleetScheduler.Coordinator(loop::poll, dispatch,
                app.config().polling().pollMinutes()), new RunScheduler.Weekly(app.weeklyCatchUp(),
                        app.config().mailing().weekly().cron()));
        log.info("coordinator {} joined the fleet", name);
        return new Running(s, dispatch);
    }

    /**
     * Starts app as a runner with worker: records its facts, refuses a name
     * another live runner holds, takes its class's work, and stops by
     * itself after its current job once an operator drains it.
     */
    public static Running runner(Application app, FleetWorker worker) throws SchedulerException, IOException {
        RunnerName me = app.runnerName();
        RunnerRegistry registry = app.store().runners();
        QuartzCluster cluster = cluster(app);
        Optional<Instant> seen = registry.get(me.name()).flatMap(RunnerRegistry.Entry::lastCheckin);
        Duration silent = seen.map(t -> Duration.between(t, app.clock().instant())).orElse(Duration.ofDays(1));
        if (silent.compareTo(cluster.checkin().multipliedBy(2)) < 0) {
            throw new IllegalStateException("a runner named " + me.name() + " checked in " + silent.toSeconds()
                    + " s ago: two runners cannot share a name (set runner.name)");
        }
        RunnerFacts facts = RunnerFacts.probe(me.name(), me.runnerClass(), HostFacts.probe(QemuBoot.QEMU),
                HostTopology.read());
        registry.register(me.name(), me.runnerClass(), facts.json(new ObjectMapper()));
        log.info("runner {}: {}", me.label(), facts.summary());
        Scheduler s = RunnerScheduler.start(cluster, me.runnerClass(), me.name(), worker::run);
        Running running = new Running(s, () -> registry.setState(me.name(), RunnerRegistry.State.STOPPED));
        Thread watch = new Thread(() -> watchForDrain(registry, me.name(), s, running), "fsnbot-drain-watch");
        watch.setDaemon(true);
        watch.start();
        return running;
    }

    /** Drained: take nothing new, finish the job at hand, then stop. */
    private static void watchForDrain(RunnerRegistry registry, String name, Scheduler s, Running running) {
        try {
            while (!s.isShutdown()) {
                Thread.sleep(DRAIN_LOOK.toMillis());
                if (registry.get(name).map(e -> e.state() == RunnerRegistry.State.DRAINING).orElse(false)) {
                    log.info("runner {} is drained: finishing the job at hand, taking no more", name);
                    s.standby();
                    while (!s.getCurrentlyExecutingJobs().isEmpty()) {
                        Thread.sleep(DRAIN_LOOK.toMillis());
                    }
                    running.stop();
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (SchedulerException | RuntimeException e) {
            log.warn("drain watch: {}", e.toString());
        }
    }
}
