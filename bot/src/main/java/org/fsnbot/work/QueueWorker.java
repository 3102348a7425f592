package org.fsnbot.work;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;
import org.fsnbot.bisect.BisectUnits;
import org.fsnbot.git.TreeException;
import org.fsnbot.intake.MalformedMailException;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.job.JobOutcome;
import org.fsnbot.job.JobRunner;
import org.fsnbot.job.RunnerName;
import org.fsnbot.job.UnitLease;
import org.fsnbot.mail.CommandReplies;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.plan.Base;
import org.fsnbot.run.Side;
import org.fsnbot.store.TrendHistory;
import org.fsnbot.store.Work;
import org.fsnbot.store.WorkKind;
import org.fsnbot.store.WorkQueue;
import org.fsnbot.store.WorkState;
import org.fsnbot.exec.LogContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Takes queued work one unit at a time (one measurement at a time on a
 * runner: two would disturb each other's numbers) and runs it as a job.
 * Work that throws is recorded as failed with the error and never produces
 * a verdict; whoever asked for it is told why.
 */
public final class QueueWorker {

    private static final Logger log = LoggerFactory.getLogger(QueueWorker.class);

    private final WorkQueue queue;
    private final JobPlanner planner;
    private final JobRunner runner;
    private final CommandReplies replies;
    private final TrendHistory history;
    private final RunnerName name;
    private final UnitLease lease;
    private final BisectUnits bisects;

    /** Who measures: the runner its results are filed under, and its hold on the unit at hand. */
    public record Measurer(RunnerName name, UnitLease lease) {
        public Measurer {
            java.util.Objects.requireNonNull(name);
            java.util.Objects.requireNonNull(lease);
        }
    }

    public QueueWorker(WorkQueue queue, JobPlanner planner, JobRunner runner, CommandReplies replies,
            TrendHistory history, Measurer measurer, BisectUnits bisects) {
        this.bisects = bisects;
        this.name = measurer.name();
        this.lease = measurer.lease();
        this.history = history;
        this.queue = queue;
        this.planner = planner;
        this.runner = runner;
        this.replies = replies;
    }

    /** How many times fsnbot may die running one unit before that unit is set aside. */
    public static final int MAX_CRASHES = 3;

    /**
     * After a restart: work a killed process left running goes back to the
     * queue, unless fsnbot has now died MAX_CRASHES times running it.
     */
    public int recover() {
        WorkQueue.Recovered r = queue.recoverRunning(MAX_CRASHES);
        if (r.requeued() > 0) {
            log.info("{} unit(s) left running by a previous process requeued", r.requeued());
        }
        for (Work w : r.deadLetters()) {
            log.error("OPERATOR: work #{} ({} {}) was running each of the last {} times fsnbot died; it is now a"
                    + " dead letter and will not run again unless requeued by hand", w.id(), w.kind(), w.title(),
                    MAX_CRASHES);
        }
        return r.requeued();
    }

    /**
     * Runs queued work until the queue is empty or mayGoOn says no before
     * a claim (the home's disk below its floor: disk.DiskKeeper); returns
     * how many units ran.
     */
    public int drain(BooleanSupplier mayGoOn) {
        int n = 0;
        while (mayGoOn.getAsBoolean()) {
            Optional<Work> w = queue.claimNext();
            if (w.isEmpty()) {
                break;
            }
            run(w.get());
            n++;
        }
        return n;
    }

    /** Runs one claimed unit as a job; whatever it throws fails that unit alone. */
    @SuppressWarnings("try") // the log context is held, not read
    public void run(Work w) {
        try (MDC.MDCCloseable ids = LogContext.unit(w.id())) {
            runUnit(w);
        }
    }

    private void runUnit(Work w) {
        log.info("#{} {} {}", w.id(), w.kind(), w.title());
        try {
            if (w.kind() == WorkKind.BISECT) {
                BisectUnits.Done d = bisects.run(w, planner.answerTo(w));
                if (finish(w, d.measured() ? WorkState.DONE : WorkState.FAILED, null, d.summary())) {
                    log.info("#{} done: {} -> {}", w.id(), d.summary(), d.eml());
                }
                return;
            }
            JobOutcome o = runner.run(planner.plan(w));
            if (!finish(w, WorkState.DONE, o.jobId(), o.kind() + o.verdict().map(v -> ": " + v.text()).orElse(""))) {
                return;
            }
            log.info("#{} done: {} -> {}", w.id(), o.kind(), o.eml());
            file(w, o);
            bisect(w, o);
        } catch (Throwable e) {
            // Whatever one unit does (an Error too: a stack overflow on a hostile
            // series) fails that unit alone; the queue goes on.
            if (!finish(w, WorkState.FAILED, null, e.toString())) {
                return;
            }
            log.warn("#{} failed (no verdict): {}", w.id(), e.toString(), e);
            answerFailure(w, e);
        }
    }

    /**
     * Finishes w if it is still this runner's; else says its result is
     * discarded: this runner lost its hold while it measured (UnitLease:
     * nothing of it is kept, and the fleet's worker hands the unit back),
     * or it held no name past the grace and the unit was queued again or
     * taken over, and is answered by that run.
     */
    private boolean finish(Work w, WorkState state, Long jobId, String detail) {
        if (!lease.settle()) {
            log.warn("#{}: stopped measuring: this runner lost its hold on the unit ({}); its build and boots were"
                    + " killed and its results dropped ({})", w.id(), lease.lost().orElse(""), detail);
            return false;
        }
        if (queue.finish(w.id(), name.name(), state, jobId, detail)) {
            return true;
        }
        log.warn("#{}: no longer this runner's (it held no name past the grace, or an operator failed or queued it"
                + " again): its result ({}) is discarded", w.id(), detail);
        return false;
    }

    private static final Pattern FULL_COMMIT = Pattern.compile("[0-9a-f]{40}");

    /**
     * Files a report's kernels in the history (docs/trends.md): both sides
     * of a watched branch's measurement (heartbeats too) under "tree
     * branch"; the base of a patch test under "tree rev" when the base is a
     * named revision (a base-commit: line names one commit, not a line).
     * Revisions a command named are not the branch's history.
     */
    private void file(Work w, JobOutcome o) {
        if (o.kind() != ReplyKind.REPORT || w.base().isEmpty()) {
            return;
        }
        Base b = w.base().get();
        if (w.kind() == WorkKind.TREE && w.answerTo().isEmpty()) {
            history.record(o.jobId(), w.title(), name.name(), List.of(Side.BASE, Side.PATCHED));
        } else if (w.kind() == WorkKind.SERIES && !FULL_COMMIT.matcher(b.rev()).matches()) {
            history.record(o.jobId(), b.tree() + " " + b.rev(), name.name(), List.of(Side.BASE));
        }
    }

    /** A watched branch's regression queued for bisection (bisect.auto); the unit itself is done whatever this does. */
    private void bisect(Work w, JobOutcome o) {
        try {
            bisects.after(w, o).ifPresent(id -> log.info("#{}: regression, its range queued for bisection as #{}",
                    w.id(), id));
        } catch (RuntimeException e) {
            log.warn("#{}: could not queue its bisection: {}", w.id(), e.toString(), e);
        }
    }

    /**
     * Why a unit could not run, in a reply's terms: what is wrong with a
     * tree or revision the asker named, by kind; anything else is ours,
     * and the reply says only that and the unit's number (the exception's
     * text, with its local paths and library wording, stays in the log).
     */
    static CommandReplies.CouldNotRun why(long unit, Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof TreeException te) {
                // A local path (a configured tree) is nobody's business outside; what the asker named is theirs.
                return CommandReplies.CouldNotRun.tree(te.kind(), te.named().startsWith("/") ? "" : te.named(),
                        unit);
            }
        }
        return CommandReplies.CouldNotRun.ours(unit);
    }

    /** Someone asked for this unit and was told it was accepted: they hear that it could not run, and why. */
    private void answerFailure(Work w, Throwable e) {
        try {
            Optional<PatchMail> to = planner.answerTo(w);
            if (to.isPresent()) {
                String line = w.item().options().command();
                replies.couldNotRun(to.get(), line.isEmpty() ? w.title() : line, why(w.id(), e));
            }
        } catch (IOException | RuntimeException | MalformedMailException again) {
            log.warn("#{}: cannot answer the failure either: {}", w.id(), again.toString());
        }
    }
}
