package org.fsnbot.pipeline;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.fsnbot.build.BuildResult;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import org.fsnbot.run.InterleavedRunner;
import org.fsnbot.run.RunResult;
import org.fsnbot.run.Side;
import org.fsnbot.stats.ChangeEstimator;
import org.fsnbot.stats.Comparison;
import org.fsnbot.stats.NoiseEstimate;
import org.fsnbot.store.Store;
import org.fsnbot.vm.AcceleratorProbe;

/**
 * `fsnbot calibrate`: the base kernel on both sides of a comparison. What
 * it measures is the runner's noise per metric, filed in the store and
 * quoted with later verdicts; its A/A verdicts are false alarms if they
 * are anything but "no significant change" or "inconclusive".
 */
public final class CalibrationPipeline {

    /** The outcome: the A/A comparison and the noise filed for each metric. */
    public record Calibration(Comparison aa, List<Store.Noise> noise, String accelerator) {
    }

    private final PatchTestPipeline.Stages s;
    private final Path workRoot;
    private final PrintStream progress;

    public CalibrationPipeline(PatchTestPipeline.Stages stages, Path workRoot, PrintStream progress) {
        this.s = stages;
        this.workRoot = workRoot;
        this.progress = progress;
    }

    public Calibration run(String tree, String baseRev, Profile profile, Topology topology, int bootsPerSide)
            throws IOException, SQLException {
        if (bootsPerSide < 2) {
            throw new IllegalArgumentException("calibration needs at least 2 boots per side");
        }
        Path repo = s.trees().localRepository(tree);
        String base = s.trees().resolve(repo, baseRev);
        Path checkout = s.trees().checkout(repo, base);
        BuildResult build = s.builder().buildBase(checkout, base, s.config());
        if (!build.ok()) {
            throw new IOException("base kernel does not build:\n" + String.join("\n", build.errorLines()));
        }
        Path dir = workRoot.resolve("calibrations").resolve(base.substring(0, 12) + "-" + System.currentTimeMillis());
        Files.createDirectories(dir);
        GuestImage guest = GuestImage.build(s, profile, dir);
        Path image = build.bzImage().orElseThrow();
        AcceleratorProbe.Decision accel = PatchTestPipeline.probe(s, image, dir);
        progress.printf("accelerator: %s (%s)%n", accel.accel(), accel.reason());
        RunResult run = s.runner().run(new InterleavedRunner.Kernel(Side.BASE, image, guest.initrd(), guest.disk()),
                new InterleavedRunner.Kernel(Side.PATCHED, image, guest.initrd(), guest.disk()), bootsPerSide,
                accel.accel(),
                topology, Duration.ofSeconds(profile.bootTimeoutSeconds()), dir.resolve("boots"), b -> { });
        if (run.failure().isPresent()) {
            throw new IOException("calibration boot failed twice: " + run.failure().get().outcome().detail());
        }
        if (!run.gateFailures().isEmpty()) {
            throw new IOException("the base kernel fails the fsnotify gate: " + run.gateFailures());
        }
        Comparison aa = new ChangeEstimator(PatchTestPipeline.policy(profile, PatchTestPipeline.ALPHA))
                .compare(run.samples());
        Instant now = Instant.now();
        List<Store.Noise> noise = NoiseEstimate.of(run.samples()).stream()
                .map(n -> new Store.Noise(n.key().workload(), n.key().variant(), n.key().metric(), n.boots(),
                        n.cvPct(), now))
                .toList();
        s.store().saveCalibration(RunnerName.get(), accel.accel().name(), topology.toString(), profile.name(), base,
                noise, aa);
        return new Calibration(aa, noise, accel.accel().name());
    }
}
