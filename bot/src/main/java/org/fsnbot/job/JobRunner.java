package org.fsnbot.job;

import java.util.function.Supplier;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.fsnbot.build.BaseLocks;
import org.fsnbot.build.Checkouts;
import org.fsnbot.report.JobFacts;
import org.fsnbot.store.JobStore;
import org.fsnbot.exec.LogContext;
import org.fsnbot.testbed.Budget;
import org.fsnbot.testbed.MorePairs;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Runs a job through its phases, resolve -> apply -> build -> image ->
 * boot/measure -> verdict -> reply, recording it in the store as it goes.
 * The first phase that cannot go on decides the kind of reply; a job that
 * throws is recorded as an error and has no reply (whoever queued it
 * decides what to tell).
 */
public final class JobRunner {

    private static final Logger log = LoggerFactory.getLogger(JobRunner.class);

    /** Made at the first job (Application: a coordinator never measures, and needs no sandbox). */
    private final Supplier<Phases> phases;
    private final JobStore jobs;
    private final Checkouts checkouts;
    private final Dirs dirs;
    private final ResultFiles files;
    private final RunnerName runner;
    private final Clock clock;
    private final BaseLocks locks;

    /** workRoot holds the per-base locks (beside the checkouts they guard, BaseLocks); jobs each job's kept files. */
    public record Dirs(Path workRoot, JobDirectories jobs) {
        public Dirs {
            Objects.requireNonNull(workRoot);
            Objects.requireNonNull(jobs);
        }
    }

    /** clock times the job's wall time. */
    public JobRunner(Supplier<Phases> phases, JobStore jobs, Checkouts checkouts, Dirs dirs, ResultFiles files,
            RunnerName runner, Clock clock) {
        this.dirs = dirs;
        this.runner = runner;
        this.clock = clock;
        this.phases = phases;
        this.files = files;
        this.jobs = jobs;
        this.checkouts = checkouts;
        this.locks = new BaseLocks(dirs.workRoot());
    }

    @SuppressWarnings("try") // the log context is held, not read
    public JobOutcome run(Job job) throws IOException {
        Instant started = clock.instant();
        Resolved resolved = phases.get().resolve().run(job);
        Long seriesId = job.candidate() instanceof Candidate.Series s ? jobs.saveSeries(s.series()) : null;
        long id = jobs.createJob(seriesId, job.base().tree(), job.base().rev(), job.profile().name(),
                job.topology().toString());
        try (MDC.MDCCloseable ids = LogContext.job(id)) {
            log.info("job {}: {} on {}", id, resolved.topic().subject(), resolved.baseLabel());
            Path dir = dirs.jobs().fresh(id);
            return finish(job, resolved, id, measure(resolved, dir, id), started);
        } catch (IOException | RuntimeException e) {
            jobs.fail(id, e.toString());
            throw e;
        }
    }

    /** A job measured without a verdict or a reply: its row, its boots, and how the measuring went. */
    public record Measuring(long jobId, Step<Booted> step) {
    }

    /**
     * Runs job up to its boots, with a stopping rule of the caller's (a
     * bisection step): its row, builds and boots recorded like any job's,
     * the checkout verified after its builds; no verdict, no
     * mail. The row ends MEASURED, or with the reason it stopped.
     */
    @SuppressWarnings("try") // the log context is held, not read
    public Measuring measure(Job job, Budget budget, MorePairs more)
            throws IOException {
        Resolved resolved = phases.get().resolve().run(job);
        long id = jobs.createJob(null, job.base().tree(), job.base().rev(), job.profile().name(),
                job.topology().toString());
        try (MDC.MDCCloseable ids = LogContext.job(id)) {
            log.info("job {}: {} on {} (measured only)", id, resolved.topic().subject(), resolved.baseLabel());
            Path dir = dirs.jobs().fresh(id);
            JobJournal journal = new StoreJournal(jobs, id, runner);
            Step<Booted> s = built(resolved, journal)
                    .then(b -> phases.get().image().run(b, dir))
                    .then(i -> phases.get().measure().boot(i, dir, journal, budget, more));
            if (s instanceof Step.Stop<Booted> stop) {
                jobs.fail(id, stop.ending().finding().kind() + ": " + stop.ending().finding().detail());
            } else {
                jobs.measured(id);
            }
            return new Measuring(id, s);
        } catch (IOException | RuntimeException e) {
            jobs.fail(id, e.toString());
            throw e;
        }
    }

    private Ending measure(Resolved resolved, Path dir, long id) throws IOException {
        JobJournal journal = new StoreJournal(jobs, id, runner);
        Step<Measured> measured = built(resolved, journal)
                .then(b -> phases.get().image().run(b, dir))
                .then(i -> phases.get().measure().run(i, dir, journal));
        return measured.end(m -> new Ending(phases.get().verdict().run(m), m));
    }

    private JobOutcome finish(Job job, Resolved resolved, long id, Ending end, Instant started) throws IOException {
        Finding f = end.finding();
        if (f instanceof Finding.Report r) {
            jobs.saveVerdicts(id, r.measurement().comparison());
        }
        String replyId = phases.get().reply().newMessageId();
        // The patched commit is pushed from the base's shared checkout: under its lock, or another process's
        // git am (run as the sandbox user) could hand the checkout to that user halfway through the push.
        JobFacts.Published published = locks.holding(resolved.baseCommit(),
                () -> files.publishTree(job, end.reached(), id));
        JobFacts plain = end.reached().facts(new JobFacts.Run(id, elapsed(started), files.link(id), List.of(),
                files.versions())).withPublished(published);
        JobFacts facts = plain.withTags(phases.get().reply().tags(resolved, f, replyId));
        Path dir = dirs.jobs().of(id);
        Patchset patchset = job.candidate() instanceof Candidate.Series s ? Patchset.of(s.series().toApply())
                : Patchset.NONE;
        jobs.setProvenance(id, patchset.hash(), files.versions().fsnbot(), files.versions().workloads());
        patchset.writeTo(dir);
        files.write(dir, end, facts);
        Material.write(dir, job.profile(), ResultFiles.built(end.reached()));
        files.showOnPages(id);
        ReplyPhase.Replied replied = phases.get().reply().run(job, end, facts, id, replyId);
        jobs.finish(id, f.kind(), f.detail());
        log.info("job {}: {}, reply written: {}", id, f.kind(), replied.eml());
        return new JobOutcome(id, f.kind(), f.outcome(), f.verdict(), replied.eml(), replied.body(), dir);
    }

    /**
     * Apply and build under the base's lock (BaseLocks): they switch the
     * base's checkout, which is checked clean before the lock goes. What
     * follows reads only the finished builds and the job's own directory,
     * but for the push of the patched tree (finish), which takes the lock again.
     */
    private Step<Built> built(Resolved resolved, JobJournal journal) throws IOException {
        return locks.holding(resolved.baseCommit(), () -> {
            try {
                return phases.get().apply().run(resolved, journal).then(a -> phases.get().build().run(a, journal));
            } finally {
                checkouts.keepIfClean(resolved.baseCommit());
            }
        });
    }

    private String elapsed(Instant started) {
        long secs = Math.max(0, Duration.between(started, clock.instant()).toSeconds());
        return String.format(Locale.ROOT, "%d min %02d s", secs / 60, secs % 60);
    }
}
