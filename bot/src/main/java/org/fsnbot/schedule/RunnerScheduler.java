package org.fsnbot.schedule;

import java.time.Instant;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A runner's node in its class's cluster (docs/fleet.md): one worker
 * thread, so one measurement at a time, taking the measurement jobs the
 * coordinator put into the class's store, oldest first. A measurement job
 * asks for recovery: when its runner stops checking in mid-run, another
 * runner of the class fires it again, marked recovering, and takes the
 * unit over.
 */
public final class RunnerScheduler {

    private static final Logger log = LoggerFactory.getLogger(RunnerScheduler.class);
    static final String UNIT = "fsnbot.unit";
    private static final String GROUP = "fsnbot-work";

    /** What a runner does with a unit it was handed: claim it and measure it (or learn it is not its to run). */
    @FunctionalInterface
    public interface Unit {
        void run(long workId, boolean recovering);
    }

    private RunnerScheduler() {
    }

    /** The job key of unit workId, in every class's store. */
    static JobKey key(long workId) {
        return JobKey.jobKey("work-" + workId, GROUP);
    }

    /**
     * A unit to hand out, due at: its queue time, so a class's runners
     * take units oldest first whenever they were handed out (Quartz fires
     * the earliest due first), or the epoch for one a runner had before
     * (it died, or gave it back), which goes ahead of the rest.
     */
    public record Due(long workId, Instant at) {
        public Due {
            java.util.Objects.requireNonNull(at);
        }
    }

    /**
     * Puts units into a class's store (a scheduler of that cluster, started
     * or not), in one transaction. Each fires as soon as a runner is free,
     * however late: a queue is never "misfired". Each hand-out has a
     * trigger of its own (named by the unit and the moment), so a unit
     * handed out again is never taken away by the end of an earlier
     * firing; a duplicate firing finds the unit running or done.
     */
    public static void submit(Scheduler classStore, List<Due> units, Instant now) throws SchedulerException {
        Map<JobDetail, Set<? extends Trigger>> batch = new LinkedHashMap<>();
        for (Due u : units) {
            long id = u.workId();
            JobDetail job = JobBuilder.newJob(MeasureJob.class).withIdentity(key(id))
                    .usingJobData("work", Long.toString(id)).requestRecovery(true).build();
            Trigger due = TriggerBuilder.newTrigger().withIdentity("work-" + id + "@" + now.toEpochMilli(), GROUP)
                    .forJob(job).startAt(Date.from(u.at()))
                    .withSchedule(SimpleScheduleBuilder.simpleSchedule().withMisfireHandlingInstructionIgnoreMisfires())
                    .build();
            batch.put(job, Set.of(due));
        }
        if (!batch.isEmpty()) {
            classStore.scheduleJobs(batch, true);
        }
    }

    /** Starts this runner's node; it takes work until drained or stopped. */
    public static Scheduler start(QuartzCluster cluster, String runnerClass, String runnerName, Unit unit)
            throws SchedulerException {
        Scheduler s = cluster.scheduler(QuartzCluster.runnersOf(runnerClass), runnerName, 1);
        s.getContext().put(UNIT, unit);
        s.start();
        log.info("runner {} takes {} work from the fleet", runnerName, runnerClass);
        return s;
    }

    /** One unit, on this runner. A failure is the unit's (recorded by the unit itself), never the node's. */
    public static final class MeasureJob implements Job {
        @Override
        public void execute(JobExecutionContext ctx) throws JobExecutionException {
            String work = ctx.getMergedJobDataMap().getString("work");
            try {
                ((Unit) ctx.getScheduler().getContext().get(UNIT)).run(Long.parseLong(work), ctx.isRecovering());
            } catch (SchedulerException | RuntimeException e) {
                throw new JobExecutionException(e, false);
            }
        }
    }
}
