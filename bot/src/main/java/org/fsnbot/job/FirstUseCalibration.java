package org.fsnbot.job;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import org.fsnbot.run.RunResult;
import org.fsnbot.stats.ChangeEstimator;
import org.fsnbot.stats.MetricNoise;
import org.fsnbot.stats.NoiseEstimate;
import org.fsnbot.store.CalibrationKey;
import org.fsnbot.store.CalibrationStore;
import org.fsnbot.store.JobStore;
import org.fsnbot.testbed.Artefacts;
import org.fsnbot.testbed.Budget;
import org.fsnbot.testbed.Instrument;
import org.fsnbot.testbed.MeasurePlan;
import org.fsnbot.testbed.Measurement;
import org.fsnbot.testbed.Testbed;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A runner's A/A calibration at the first use of a setup (its accelerator,
 * clock, topology and profile), so that its first verdict rests on measured
 * noise and not on the noise an uncalibrated metric is assumed to have
 * (docs/stats.md, "Calibration at first use"). It boots the job's own base
 * build on both sides, pairs as the runner's settings say, before the job's
 * boots; no operator step and no second build. Its boots go under a job
 * row of their own, so the job's boots stay the job's; its noise is filed
 * as `fsnbot calibrate` files it. A calibration that cannot finish files
 * nothing, and the job goes on as an uncalibrated one (its own boots then
 * say whether the testbed works): calibration is never a verdict.
 */
public final class FirstUseCalibration {

    private static final Logger log = LoggerFactory.getLogger(FirstUseCalibration.class);

    /** What the calibration's job row ends with: CalibrationStore knows calibrations' rows by its start. */
    static final String DETAIL = CalibrationStore.AA_JOB + " at first use";

    private final Testbed testbed;
    private final JobStore jobs;
    private final CalibrationStore calibrations;
    private final RunnerName runner;
    private final int pairs;
    private final Clock clock;

    /** pairs: A/A pairs a first use boots; 0 turns calibration at first use off. */
    public FirstUseCalibration(Testbed testbed, JobStore jobs, CalibrationStore calibrations, RunnerName runner,
            int pairs, Clock clock) {
        if (pairs < 0 || pairs == 1) {
            throw new IllegalArgumentException("a calibration at first use boots 0 (off) or at least 2 pairs, not "
                    + pairs);
        }
        this.testbed = Objects.requireNonNull(testbed);
        this.jobs = Objects.requireNonNull(jobs);
        this.calibrations = Objects.requireNonNull(calibrations);
        this.runner = Objects.requireNonNull(runner);
        this.pairs = pairs;
        this.clock = clock;
    }

    /**
     * Whether a first use of job's setup is calibrated before it: not when
     * the job is itself an A/A calibration (`fsnbot calibrate` boots the
     * base on both sides), which files the setup's noise from its own boots;
     * pairs booted before it would only repeat them.
     */
    public static boolean precedes(Job job) {
        return !(job.candidate() instanceof Candidate.SameKernel);
    }

    /** What one first use needs: the job's setup, its base build's boot files, and where its boots go. */
    public record Use(Base base, String baseCommit, Profile profile, Topology topology, Instrument instrument,
            Artefacts.Kernel baseKernel, Path jobDir) {
    }

    /**
     * Calibrates use's setup when the runner knows no noise of it (known
     * empty): the noise filed, or empty when off, not needed, or stopped.
     * estimator makes the A/A comparison filed beside the noise, with the
     * rules the job's own comparison will have.
     */
    public Optional<List<MetricNoise>> ifFirst(Use use, List<MetricNoise> known, ChangeEstimator estimator)
            throws IOException {
        if (pairs == 0 || !known.isEmpty()) {
            return Optional.empty();
        }
        long id = jobs.createJob(null, use.base().tree(), use.base().rev(), use.profile().name(),
                use.topology().toString());
        StoreJournal journal = new StoreJournal(jobs, id, runner);
        journal.applied(use.baseCommit(), use.baseCommit());
        journal.accelerator(use.instrument());
        Path dir = Files.createDirectories(use.jobDir().resolve("first-use-calibration"));
        log.info("job {}: the first use of {} clock, topology {}, profile {} on this runner: {} A/A pairs of the"
                + " base first", id, use.instrument().clock().word(), use.topology(), use.profile().name(), pairs);
        Measurement m = testbed.measure(new Artefacts(use.baseKernel(), use.baseKernel()),
                new MeasurePlan(use.topology(), Duration.ofSeconds(use.profile().bootTimeoutSeconds()),
                        new Budget(pairs, pairs), (run, n) -> false, dir), journal::booted);
        RunResult run = m.run();
        if (run.failure().isPresent() || !run.gateFailures().isEmpty()) {
            String why = run.failure().map(b -> "boot " + b.outcome().bootId() + " " + b.outcome().status())
                    .orElse("a correctness gate failed");
            jobs.fail(id, DETAIL + " stopped: " + why);
            log.warn("job {}: calibration at first use stopped ({}); the job goes on uncalibrated", id, why);
            return Optional.empty();
        }
        List<MetricNoise> noise = NoiseEstimate.of(run.samples(), clock.instant());
        calibrations.save(new CalibrationKey(runner.name(), use.instrument().accelerator(),
                use.instrument().clock().word(), use.topology().toString(), use.profile().name()),
                use.baseCommit(), noise, estimator.compare(run.samples()));
        jobs.finish(id, ReplyKind.REPORT, DETAIL);
        return Optional.of(noise);
    }
}
