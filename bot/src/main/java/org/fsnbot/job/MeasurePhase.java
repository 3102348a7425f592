package org.fsnbot.job;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.fsnbot.image.GuestImage;
import org.fsnbot.image.GuestImages;
import org.fsnbot.plan.Hugepages;
import org.fsnbot.plan.NumaPlan;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import org.fsnbot.run.BootRecord;
import org.fsnbot.run.InterleavedRunner;
import org.fsnbot.run.NumaCheck;
import org.fsnbot.run.RunResult;
import org.fsnbot.run.Side;
import org.fsnbot.stats.AdaptiveSampling;
import org.fsnbot.stats.ChangeEstimator;
import org.fsnbot.stats.MetricPolicy;
import org.fsnbot.stats.Significance;
import org.fsnbot.vm.AcceleratorProbe;
import org.fsnbot.vm.BootStatus;
import org.fsnbot.vm.Clock;
import org.fsnbot.vm.HostFacts;
import org.fsnbot.vm.Guest;
import org.fsnbot.vm.Machine;

/**
 * Phase 5, boot and measure: the accelerator decided (KVM if a probe boot
 * proves it works, else TCG, said in every reply), base and patched booted
 * interleaved, more pairs while a verdict metric is open and the profile's
 * budget allows, each look at alpha divided by the looks. A failed boot or
 * gate ends the job without a comparison.
 */
public final class MeasurePhase {

    private final AcceleratorProbe probe;
    private final Supplier<HostFacts> hostProbe;
    private Optional<HostFacts> host = Optional.empty();
    private final GuestImages images;
    private final InterleavedRunner runner;
    private final Path probeDir;
    private final RunnerName name;
    private final Hugepages hugepages;
    private final NoiseFloors floors;

    /** This runner's own: its name (in every reply), its hugepages, its noise floors. */
    public record ThisRunner(RunnerName name, Hugepages hugepages, NoiseFloors floors) {
        public ThisRunner {
            Objects.requireNonNull(name);
            Objects.requireNonNull(hugepages);
            Objects.requireNonNull(floors);
        }
    }

    /** hostProbe runs once, at the first measurement: a command that boots nothing never starts QEMU. */
    public MeasurePhase(AcceleratorProbe probe, Supplier<HostFacts> hostProbe, GuestImages images,
            InterleavedRunner runner, Path probeDir, ThisRunner self) {
        this.name = self.name();
        this.floors = self.floors();
        this.hugepages = self.hugepages();
        this.probe = probe;
        this.hostProbe = hostProbe;
        this.images = images;
        this.runner = runner;
        this.probeDir = probeDir;
    }

    public Step<Measured> run(Imaged i, Path dir, JobJournal journal) throws IOException {
        Job job = i.built().applied().resolved().job();
        Profile p = job.profile();
        AdaptiveSampling plan = new AdaptiveSampling(p.bootsPerKernel(), p.maxBootsPerKernel(), Significance.ALPHA);
        AcceleratorProbe.Decision accel = accelerator(i);
        MetricPolicy policy = MetricPolicy.forProfile(p, plan.lookAlpha()).withFloor(floors.of(accel, job.topology(),
                p));
        ChangeEstimator estimator = new ChangeEstimator(accel.clock() == Clock.INSTRUCTIONS
                ? policy.onInstructionClock(p) : policy);
        return boot(i, dir, journal, new InterleavedRunner.Budget(plan.initialBoots(), plan.maxBoots()),
                new WhileOpen(plan, estimator))
                // The last look again: a comparison is a pure function of the samples.
                .then(b -> Step.next(new Measured(b, estimator.compare(b.run().samples()), plan)));
    }

    /**
     * Boots base and patched interleaved, budget's pairs, more while more
     * wants them (a reply's rule, or a bisection's question); a failed boot
     * or gate stops the job without samples to judge.
     */
    public Step<Booted> boot(Imaged i, Path dir, JobJournal journal, InterleavedRunner.Budget budget,
            InterleavedRunner.MorePairs more) throws IOException {
        Built b = i.built();
        Job job = b.applied().resolved().job();
        Path baseImage = b.base().bzImage().orElseThrow();
        AcceleratorProbe.Decision accel = accelerator(i);
        journal.accelerator(accel);
        Profile p = job.profile();
        Topology t = job.topology();
        Optional<NumaPlan> numa = t.pinned() ? Optional.of(NumaPlan.of(t, host().topology(), hugepages)) : Optional.empty();
        InterleavedRunner.Pairing pairing = new InterleavedRunner.Pairing(
                kernel(Side.BASE, baseImage, i.guest()), kernel(Side.PATCHED, b.patched().bzImage().orElseThrow(),
                        i.guest()),
                new Machine(accel.accel(), accel.clock(), t, Duration.ofSeconds(p.bootTimeoutSeconds()), numa),
                dir.resolve("boots"));
        RunResult run = runner.run(pairing, budget, more, journal::booted);
        Optional<NumaCheck.Result> checked = numa.map(n -> new NumaCheck().check(t, n, run.good()));
        checked.ifPresent(c -> journal.topology(c.verified()));
        Booted booted = new Booted(i, accel, host(), run, runner.quiet(), name, checked);
        if (run.failure().isPresent()) {
            BootRecord f = run.failure().get();
            String side = f.side().name().toLowerCase(Locale.ROOT);
            String what = f.outcome().status() == BootStatus.BUSY
                    ? "the runner stayed busy through " + f.attempt() + " boots of the " + side + " kernel ("
                            + f.pressure().describe() + " at the last, boot " + f.outcome().bootId() + ")"
                    : "the " + side + " kernel failed to boot twice (" + f.outcome().status().words() + ", boot "
                            + f.outcome().bootId() + ")";
            return Step.stop(new Finding.InfrastructureFailed(f.outcome(), what), booted);
        }
        if (!run.gateFailures().isEmpty()) {
            return Step.stop(new Finding.GateFailed(run.gateFailures(), run.baseFailedGate()), booted);
        }
        return Step.next(booted);
    }

    /**
     * The accelerator and clock (probed once per process, with the first
     * base kernel). A pinned guest is on wall time whatever the clock: it
     * is there to measure where memory and vCPUs sit, which an instruction
     * count cannot see (and under icount every vCPU is one host thread).
     */
    private AcceleratorProbe.Decision accelerator(Imaged i) throws IOException {
        AcceleratorProbe.Decision d = probe.decide(i.built().base().bzImage().orElseThrow(), probeDir,
                () -> images.probe(probeDir));
        if (d.clock() == Clock.INSTRUCTIONS && i.built().applied().resolved().job().topology().pinned()) {
            return new AcceleratorProbe.Decision(d.accel(), d.reason() + "; wall time for a pinned guest, whose"
                    + " placement an instruction count cannot see", Clock.WALL);
        }
        return d;
    }

    private static InterleavedRunner.Kernel kernel(Side side, Path bzImage, GuestImage guest) {
        return new InterleavedRunner.Kernel(side, new Guest(bzImage, guest.initrd(), guest.disk()));
    }

    private HostFacts host() {
        if (host.isEmpty()) {
            host = Optional.of(hostProbe.get());
        }
        return host.get();
    }
}
