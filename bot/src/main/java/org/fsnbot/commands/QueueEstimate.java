package org.fsnbot.commands;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.fsnbot.report.CommandAnswer;
import org.fsnbot.store.JobStore;
import org.fsnbot.store.WorkQueue;

/**
 * The answer to a measuring command that was queued: what will run (the
 * handler's template and values) and when, from the queue ahead of it and
 * the median time of recent jobs.
 */
public final class QueueEstimate {

    /** Minutes a job is assumed to take before any job has finished here. */
    static final double FIRST_JOB_MINUTES = 10;

    private final WorkQueue queue;
    private final JobStore jobs;

    public QueueEstimate(WorkQueue queue, JobStore jobs) {
        this.queue = queue;
        this.jobs = jobs;
    }

    public CommandAnswer.Item accepted(Command c, Optional<Long> id, String template, Map<String, Object> what) {
        if (id.isEmpty()) {
            return CommandAnswer.Item.of(c.line(), CommandAnswer.Outcome.DONE, "already-queued");
        }
        int ahead = queue.position(id.get());
        double perJob = jobs.medianJobMinutes().orElse(FIRST_JOB_MINUTES);
        Map<String, Object> values = new HashMap<>(what);
        values.put("id", id.get());
        values.put("ahead", ahead);
        values.put("startMinutes", Math.round(ahead * perJob));
        values.put("perJob", Math.round(perJob));
        return new CommandAnswer.Item(c.line(), CommandAnswer.Outcome.ACCEPTED, template, values);
    }

    /** A command that was understood but cannot run here, and why. */
    static CommandAnswer.Item notRun(Command c, NotRun why) {
        return notRun(c, why, Map.of());
    }

    /** The same, with the values its words quote. */
    static CommandAnswer.Item notRun(Command c, NotRun why, Map<String, Object> values) {
        Map<String, Object> m = new HashMap<>(values);
        m.put("why", why.name());
        return new CommandAnswer.Item(c.line(), CommandAnswer.Outcome.ERROR, "not-run", m);
    }
}
