package org.fsnbot.schedule;

import java.util.Properties;
import java.util.TimeZone;
import java.util.concurrent.CountDownLatch;
import org.quartz.CronExpression;
import org.quartz.CronScheduleBuilder;
import org.quartz.DisallowConcurrentExecution;
import org.quartz.Job;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.JobExecutionContext;
import org.quartz.JobExecutionException;
import org.quartz.JobKey;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.SimpleScheduleBuilder;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.impl.StdSchedulerFactory;

/**
 * The long-lived `fsnbot run`: Quartz (in memory; the durable queue is in
 * the store) fires a poll every pollMinutes and, after each poll, one
 * measure job that drains the queue. Both are non-concurrent, so there is
 * at most one poll and one measurement at a time. The weekly report fires
 * on its cron (UTC) and once at start, so weeks missed while fsnbot was
 * down are mailed when it comes back (the report itself knows which weeks
 * are mailed: firing it again sends nothing twice).
 */
public final class RunScheduler {

    static final String LOOP = "fsnbot.loop";
    private static final JobKey MEASURE = JobKey.jobKey("measure", "fsnbot");

    /** What the scheduler drives: a poll of everything followed, a pass over the queue, and how often. */
    public record Cycle(Runnable poll, Runnable drain, int pollMinutes) {
        public Cycle {
            if (pollMinutes < 1) {
                throw new IllegalArgumentException("pollMinutes must be >= 1");
            }
        }
    }

    /** The weekly report and when it fires: a Quartz cron expression, read in UTC. */
    public record Weekly(Runnable report, String cron) {
        public Weekly {
            if (cron == null || !CronExpression.isValidExpression(cron)) {
                throw new IllegalArgumentException("not a Quartz cron expression: " + cron);
            }
        }
    }

    static final String WEEKLY = "fsnbot.weekly";

    private final Cycle loop;
    private final Weekly weekly;

    public RunScheduler(Cycle loop, Weekly weekly) {
        this.loop = loop;
        this.weekly = weekly;
    }

    /** A started scheduler. */
    public static final class Running {
        private final Scheduler scheduler;
        private final CountDownLatch stopped = new CountDownLatch(1);

        Running(Scheduler scheduler) {
            this.scheduler = scheduler;
        }

        /** Stops after the running poll or measurement finishes. */
        public void stop() {
            try {
                scheduler.shutdown(true);
            } catch (SchedulerException e) {
                // Stopping anyway; nothing is half-written: the queue lives in the store.
            }
            stopped.countDown();
        }

        public void awaitStop() throws InterruptedException {
            stopped.await();
        }
    }

    /** Polls now and then every pollMinutes; measures after each poll. */
    public Running start() throws SchedulerException {
        Properties p = new Properties();
        p.setProperty("org.quartz.scheduler.instanceName", "fsnbot-" + System.identityHashCode(loop));
        p.setProperty("org.quartz.threadPool.threadCount", "3");
        p.setProperty("org.quartz.jobStore.class", "org.quartz.simpl.RAMJobStore");
        p.setProperty("org.quartz.scheduler.skipUpdateCheck", "true");
        Scheduler scheduler = new StdSchedulerFactory(p).getScheduler();
        scheduler.getContext().put(LOOP, loop);
        scheduler.getContext().put(WEEKLY, weekly);
        JobDetail poll = JobBuilder.newJob(PollJob.class).withIdentity("poll", "fsnbot").build();
        Trigger every = TriggerBuilder.newTrigger().withIdentity("poll-every", "fsnbot").startNow()
                .withSchedule(SimpleScheduleBuilder.repeatMinutelyForever(loop.pollMinutes())
                        .withMisfireHandlingInstructionNextWithRemainingCount())
                .build();
        scheduler.addJob(JobBuilder.newJob(MeasureJob.class).withIdentity(MEASURE).storeDurably().build(), false);
        scheduler.scheduleJob(poll, every);
        JobDetail report = JobBuilder.newJob(WeeklyJob.class).withIdentity("weekly", "fsnbot").build();
        Trigger cron = TriggerBuilder.newTrigger().withIdentity("weekly-cron", "fsnbot")
                .withSchedule(CronScheduleBuilder.cronSchedule(weekly.cron()).inTimeZone(TimeZone.getTimeZone("UTC"))
                        .withMisfireHandlingInstructionDoNothing())
                .build();
        scheduler.scheduleJob(report, cron);
        scheduler.scheduleJob(TriggerBuilder.newTrigger().withIdentity("weekly-at-start", "fsnbot")
                .forJob(report).startNow().build());
        scheduler.start();
        return new Running(scheduler);
    }

    /** What a Quartz job does with the scheduler's context; a failure is that firing's, not the scheduler's. */
    @FunctionalInterface
    private interface Work {
        void run(Scheduler scheduler) throws SchedulerException;
    }

    private static void execute(JobExecutionContext ctx, Work work) throws JobExecutionException {
        try {
            work.run(ctx.getScheduler());
        } catch (SchedulerException | RuntimeException e) {
            throw new JobExecutionException(e, false);
        }
    }

    /** Polls inboxes and trees, then asks for a measurement pass. */
    @DisallowConcurrentExecution
    public static final class PollJob implements Job {
        @Override
        public void execute(JobExecutionContext ctx) throws JobExecutionException {
            RunScheduler.execute(ctx, s -> {
                ((Cycle) s.getContext().get(LOOP)).poll().run();
                s.triggerJob(MEASURE);
            });
        }
    }

    /** Mails the weekly reports not mailed yet. */
    @DisallowConcurrentExecution
    public static final class WeeklyJob implements Job {
        @Override
        public void execute(JobExecutionContext ctx) throws JobExecutionException {
            RunScheduler.execute(ctx, s -> ((Weekly) s.getContext().get(WEEKLY)).report().run());
        }
    }

    /** Drains the queue; a second trigger while one runs waits instead of measuring in parallel. */
    @DisallowConcurrentExecution
    public static final class MeasureJob implements Job {
        @Override
        public void execute(JobExecutionContext ctx) throws JobExecutionException {
            RunScheduler.execute(ctx, s -> ((Cycle) s.getContext().get(LOOP)).drain().run());
        }
    }
}
