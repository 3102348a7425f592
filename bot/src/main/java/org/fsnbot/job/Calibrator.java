package org.fsnbot.job;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.fsnbot.build.BaseLocks;
import org.fsnbot.build.KernelBuilder;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import org.fsnbot.stats.Comparison;
import org.fsnbot.stats.MetricNoise;
import org.fsnbot.stats.NoiseEstimate;
import org.fsnbot.store.CalibrationKey;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.run.Side;
import org.fsnbot.store.CalibrationStore;
import org.fsnbot.store.JobStore;
import org.fsnbot.store.Store;
import org.fsnbot.store.TrendHistory;

/**
 * `fsnbot calibrate`: a job whose candidate is its own base, through the
 * same phases up to the measurement. What it measures is the runner's
 * noise per metric, filed in the store and quoted with later verdicts;
 * its A/A verdicts are false alarms if they are anything but "no
 * significant change" or "inconclusive".
 */
public final class Calibrator {

    /**
     * The outcome: the A/A comparison and the noise filed for each metric,
     * the accelerator and clock with the probe's reason, and how long each
     * counted boot took.
     */
    public record Calibration(Comparison aa, List<MetricNoise> noise, String accelerator, String clock,
            String reason, List<Double> bootSeconds) {
        public Calibration {
            noise = List.copyOf(noise);
            bootSeconds = List.copyOf(bootSeconds);
        }
    }

    private final Phases phases;
    private final CalibrationStore calibrations;
    private final JobStore jobs;
    private final TrendHistory history;
    private final Path workRoot;
    private final Clock clock;
    private final RunnerName runner;

    public Calibrator(Phases phases, Store store, Path workRoot, Clock clock, RunnerName runner) {
        this.runner = runner;
        this.phases = phases;
        this.calibrations = store.calibrations();
        this.jobs = store.jobs();
        this.history = store.trends();
        this.workRoot = workRoot;
        this.clock = clock;
    }

    public Calibration run(Base base, Profile profile, Topology topology, int bootsPerSide) throws IOException {
        if (bootsPerSide < 2) {
            throw new IllegalArgumentException("calibration needs at least 2 boots per side");
        }
        Job job = new Job(base, new Candidate.SameKernel(), profile.withBoots(bootsPerSide), topology,
                new ReplyRoute.Nowhere(), true, KernelBuilder.Code.TRUSTED);
        Resolved r = phases.resolve().run(job);
        Path dir = workRoot.resolve("calibrations").resolve(r.baseCommit().substring(0, 12) + "-" + clock.millis());
        Files.createDirectories(dir);
        // Journalled like any job: its boots are kept, and a calibration of a
        // named revision is a point of that line's history (docs/trends.md).
        long id = jobs.createJob(null, base.tree(), base.rev(), profile.name(), topology.toString());
        JobJournal journal = new StoreJournal(jobs, id, runner);
        // Apply and build switch the base's shared checkout: under its lock, as a job's do (JobRunner).
        Step<Built> built = new BaseLocks(workRoot).holding(r.baseCommit(),
                () -> phases.apply().run(r, journal).then(a -> phases.build().run(a, journal)));
        Step<Measured> s = built
                .then(b -> phases.image().run(b, dir))
                .then(i -> phases.measure().run(i, dir, journal));
        if (s instanceof Step.Stop<Measured> stop) {
            jobs.fail(id, "calibration stopped: " + stop.ending().finding().kind());
            throw new IOException("calibration of " + r.baseLabel() + " stopped: " + why(stop.ending().finding()));
        }
        jobs.finish(id, ReplyKind.REPORT, CalibrationStore.AA_JOB);
        if (!base.rev().matches("[0-9a-f]{40}")) {
            history.record(id, base.tree() + " " + base.rev(), runner.name(), List.of(Side.BASE, Side.PATCHED));
        }
        Measured m = ((Step.Next<Measured>) s).value();
        List<MetricNoise> noise = NoiseEstimate.of(m.booted().run().samples(), clock.instant());
        String accel = m.booted().instrument().accelerator();
        String clockWord = m.booted().instrument().clock().word();
        calibrations.save(new CalibrationKey(runner.name(), accel, clockWord, topology.toString(), profile.name()),
                r.baseCommit(), noise, m.comparison());
        return new Calibration(m.comparison(), noise, accel, clockWord, m.booted().instrument().reason(),
                m.booted().run().good().stream().map(b -> b.outcome().seconds()).toList());
    }

    private static String why(Finding f) {
        if (f instanceof Finding.BuildFailed b) {
            return "the kernel does not build:\n" + String.join("\n", b.build().errorLines());
        }
        if (f instanceof Finding.InfrastructureFailed i) {
            return i.detail();
        }
        return f.detail();
    }
}
