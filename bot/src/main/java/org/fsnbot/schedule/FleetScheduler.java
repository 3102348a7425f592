package org.fsnbot.schedule;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TimeZone;
import java.util.function.Function;
import org.fsnbot.store.FleetQueue;
import org.fsnbot.store.Work;
import org.quartz.CronScheduleBuilder;
import org.quartz.DisallowConcurrentExecution;
import org.quartz.Job;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.JobExecutionContext;
import org.quartz.JobExecutionException;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.SimpleScheduleBuilder;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The coordinators' cluster (docs/fleet.md): the poll (inboxes, trees,
 * commands), then the dispatch of every queued unit to the runner class
 * its route names, and the weekly report, each on exactly one live
 * coordinator at a time; when that one dies, Quartz moves them to another
 * after its check-in interval. Nothing here measures.
 */
public final class FleetScheduler {

    private static final Logger log = LoggerFactory.getLogger(FleetScheduler.class);
    static final String FLEET = "fsnbot.fleet";

    /**
     * What a coordinator does: the poll (read and queue, RunLoop.poll, then
     * hand out the queue) every pollMinutes, and the sweep (units of dead
     * runners queued again, then the queue handed out) every sweepSeconds.
     */
    public record Coordinator(Runnable poll, Runnable dispatch, int pollMinutes, Runnable sweep, int sweepSeconds) {
        public Coordinator {
            if (pollMinutes < 1) {
                throw new IllegalArgumentException("pollMinutes must be >= 1");
            }
            if (sweepSeconds < 1) {
                throw new IllegalArgumentException("sweepSeconds must be >= 1");
            }
        }
    }

    private FleetScheduler() {
    }

    /** Starts this coordinator's node: the poll now and every pollMinutes, the weekly cron, a catch-up now. */
    public static Scheduler start(QuartzCluster cluster, String name, Coordinator c, RunScheduler.Weekly weekly)
            throws SchedulerException {
        Scheduler s = cluster.scheduler(QuartzCluster.COORDINATORS, name, 2);
        s.getContext().put(FLEET, c);
        s.getContext().put(RunScheduler.WEEKLY, weekly);
        JobDetail poll = JobBuilder.newJob(PollJob.class).withIdentity("poll", "fsnbot").storeDurably().build();
        Trigger every = TriggerBuilder.newTrigger().withIdentity("poll-every", "fsnbot").forJob(poll).startNow()
                .withSchedule(SimpleScheduleBuilder.repeatMinutelyForever(c.pollMinutes())
                        .withMisfireHandlingInstructionNextWithRemainingCount())
                .build();
        JobDetail sweep = JobBuilder.newJob(SweepJob.class).withIdentity("sweep", "fsnbot").storeDurably().build();
        Trigger often = TriggerBuilder.newTrigger().withIdentity("sweep-every", "fsnbot").forJob(sweep).startNow()
                .withSchedule(SimpleScheduleBuilder.repeatSecondlyForever(c.sweepSeconds())
                        .withMisfireHandlingInstructionNextWithRemainingCount())
                .build();
        JobDetail report = JobBuilder.newJob(RunScheduler.WeeklyJob.class).withIdentity("weekly", "fsnbot")
                .storeDurably().build();
        Trigger cron = TriggerBuilder.newTrigger().withIdentity("weekly-cron", "fsnbot").forJob(report)
                .withSchedule(CronScheduleBuilder.cronSchedule(weekly.cron()).inTimeZone(TimeZone.getTimeZone("UTC"))
                        .withMisfireHandlingInstructionDoNothing())
                .build();
        // Every coordinator that starts puts the same jobs and triggers in the
        // shared store, replacing what is there: the newest configuration's
        // poll interval and cron are the cluster's.
        s.scheduleJobs(Map.of(poll, Set.of(every), sweep, Set.of(often), report, Set.of(cron)), true);
        s.start();
        s.triggerJob(report.getKey());
        return s;
    }

    /** Polls, then dispatches; never twice at once in the whole cluster. */
    @DisallowConcurrentExecution
    public static final class PollJob implements Job {
        @Override
        public void execute(JobExecutionContext ctx) throws JobExecutionException {
            try {
                Coordinator c = (Coordinator) ctx.getScheduler().getContext().get(FLEET);
                c.poll().run();
                c.dispatch().run();
            } catch (SchedulerException | RuntimeException e) {
                throw new JobExecutionException(e, false);
            }
        }
    }

    /** Queues the units of dead runners again, then hands out the queue; never twice at once in the cluster. */
    @DisallowConcurrentExecution
    public static final class SweepJob implements Job {
        @Override
        public void execute(JobExecutionContext ctx) throws JobExecutionException {
            try {
                ((Coordinator) ctx.getScheduler().getContext().get(FLEET)).sweep().run();
            } catch (SchedulerException | RuntimeException e) {
                throw new JobExecutionException(e, false);
            }
        }
    }

    /**
     * Hands queued units to runner classes: each unit into its class's
     * store once (Quartz keys it by unit), recorded in the queue's history.
     * A unit whose class has no runner waits in that class's store.
     */
    public static final class Dispatcher implements Runnable, AutoCloseable {

        private final FleetQueue queue;
        private final Function<Work, String> route;
        private final QuartzCluster cluster;
        private final String name;
        private final Map<String, Scheduler> stores = new HashMap<>();

        /** Units put into a class's store in one transaction. */
        private static final int BATCH = 200;

        public Dispatcher(FleetQueue queue, Function<Work, String> route, QuartzCluster cluster, String name) {
            this.queue = queue;
            this.route = route;
            this.cluster = cluster;
            this.name = name;
        }

        @Override
        public synchronized void run() {
            Map<String, List<FleetQueue.Waiting>> byClass = new LinkedHashMap<>();
            for (FleetQueue.Waiting w : queue.waiting()) {
                byClass.computeIfAbsent(route.apply(w.work()), c -> new ArrayList<>()).add(w);
            }
            Instant now = Instant.now();
            for (Map.Entry<String, List<FleetQueue.Waiting>> e : byClass.entrySet()) {
                String c = e.getKey();
                List<FleetQueue.Waiting> units = e.getValue();
                for (int from = 0; from < units.size(); from += BATCH) {
                    List<FleetQueue.Waiting> batch = units.subList(from, Math.min(units.size(), from + BATCH));
                    List<Long> ids = batch.stream().map(w -> w.work().id()).toList();
                    try {
                        RunnerScheduler.submit(store(c), batch.stream().map(w -> new RunnerScheduler.Due(w.work().id(),
                                due(w))).toList(), now);
                        queue.dispatched(ids, c);
                        for (FleetQueue.Waiting w : batch) {
                            log.info("#{} {} to runner class {}{}", w.work().id(), w.work().title(), c,
                                    w.ranBefore() ? ", ahead of the rest (a runner had it before)" : "");
                        }
                    } catch (SchedulerException ex) {
                        log.warn("{} unit(s) not dispatched to {} ({}); the next poll tries again", batch.size(), c,
                                ex.toString());
                    }
                }
            }
        }

        /**
         * When a unit falls due in its class's queue, where Quartz takes the
         * earliest first: a unit a runner had before at the very front (its
         * id past the epoch), then a maintainer's (a billion ms later), then
         * fsnbot's own and authors' a year before they were queued, then
         * strangers' when they were queued. Every one is due at once.
         */
        public static Instant due(FleetQueue.Waiting w) {
            if (w.ranBefore()) {
                return Instant.ofEpochMilli(w.work().id());
            }
            return switch (w.standing()) {
                case MAINTAINER -> Instant.ofEpochMilli(1_000_000_000L + w.work().id());
                case OWN -> w.queuedAt().minus(java.time.Duration.ofDays(365));
                case STRANGER -> w.queuedAt();
            };
        }

        /** A class's store as a client: a scheduler of that cluster that is never started (it fires nothing). */
        private Scheduler store(String runnerClass) throws SchedulerException {
            Scheduler s = stores.get(runnerClass);
            if (s == null) {
                s = cluster.scheduler(QuartzCluster.runnersOf(runnerClass), name + "-dispatch", 1);
                stores.put(runnerClass, s);
            }
            return s;
        }

        @Override
        public void close() {
            for (Scheduler s : stores.values()) {
                try {
                    s.shutdown(false);
                } catch (SchedulerException e) {
                    log.debug("closing a class store: {}", e.toString());
                }
            }
        }
    }
}
