package org.fsnbot.testbed.qemu;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.fsnbot.boot.BootStatus;
import org.fsnbot.boot.Guest;
import org.fsnbot.plan.Clock;
import org.fsnbot.plan.Hugepages;
import org.fsnbot.plan.NumaPlan;
import org.fsnbot.plan.Topology;
import org.fsnbot.run.BootRecord;
import org.fsnbot.run.NumaCheck;
import org.fsnbot.run.RunResult;
import org.fsnbot.run.Side;
import org.fsnbot.testbed.Artefacts;
import org.fsnbot.testbed.Instrument;
import org.fsnbot.testbed.Load;
import org.fsnbot.testbed.MeasurePlan;
import org.fsnbot.testbed.Measurement;
import org.fsnbot.testbed.Testbed;
import org.fsnbot.testbed.TestbedFacts;
import org.fsnbot.vm.AcceleratorProbe;
import org.fsnbot.vm.HostFacts;
import org.fsnbot.vm.Machine;

/**
 * The local QEMU backend: KVM if a probe boot proves it works, else TCG
 * (runner.clock choosing the clock); base and patched booted interleaved
 * under the runner's quietness rule; a pinned topology planned on this
 * host's nodes, its vCPUs pinned and checked in the guest.
 */
public final class QemuTestbed implements Testbed {

    private final AcceleratorProbe probe;
    private final AcceleratorProbe.ProbeImage probeImage;
    private final Supplier<HostFacts> hostProbe;
    private Optional<HostFacts> host = Optional.empty();
    private final InterleavedRunner runner;
    private final Hugepages hugepages;
    private final Path probeDir;

    /** The host's facts are read at the first measurement: a command that boots nothing never starts QEMU. */
    public QemuTestbed(AcceleratorProbe probe, AcceleratorProbe.ProbeImage probeImage, Supplier<HostFacts> hostProbe,
            InterleavedRunner runner, Hugepages hugepages, Path probeDir) {
        this.probe = probe;
        this.probeImage = probeImage;
        this.hostProbe = hostProbe;
        this.runner = runner;
        this.hugepages = hugepages;
        this.probeDir = probeDir;
    }

    @Override
    public Instrument instrument(Artefacts artefacts, Topology topology) throws IOException {
        return instrument(decide(artefacts, topology));
    }

    private static Instrument instrument(AcceleratorProbe.Decision d) {
        return new Instrument(d.accel().name(), d.accel().label(), d.reason(), d.clock(), d.accel().emulated());
    }

    @Override
    public Measurement measure(Artefacts artefacts, MeasurePlan plan, Consumer<BootRecord> booted)
            throws IOException {
        AcceleratorProbe.Decision d = decide(artefacts, plan.topology());
        Topology t = plan.topology();
        Optional<NumaPlan> numa = t.pinned() ? Optional.of(NumaPlan.of(t, host().topology(), hugepages))
                : Optional.empty();
        InterleavedRunner.Pairing pairing = new InterleavedRunner.Pairing(kernel(Side.BASE, artefacts.base()),
                kernel(Side.PATCHED, artefacts.patched()), new Machine(d.accel(), d.clock(), t, plan.bootTimeout(),
                        numa), plan.dir().resolve("boots"));
        RunResult run = runner.run(pairing, plan.budget(), plan.more(), booted);
        Optional<NumaCheck.Result> checked = numa.map(n -> new NumaCheck().check(t, n, run.good()));
        return new Measurement(run, new TestbedFacts("qemu", instrument(d), host().describe(), host().qemu()),
                load(run, d.clock(), t), checked);
    }

    /**
     * The accelerator and clock (probed once per process, with the first
     * base kernel). A pinned guest is on wall time whatever the clock: it
     * is there to measure where memory and vCPUs sit, which an instruction
     * count cannot see (and under icount every vCPU is one host thread).
     */
    private AcceleratorProbe.Decision decide(Artefacts artefacts, Topology topology) throws IOException {
        AcceleratorProbe.Decision d = probe.decide(artefacts.base().image().path(), probeDir, probeImage);
        if (d.clock() == Clock.INSTRUCTIONS && topology.pinned()) {
            return new AcceleratorProbe.Decision(d.accel(), d.reason() + "; wall time for a pinned guest, whose"
                    + " placement an instruction count cannot see", Clock.WALL);
        }
        return d;
    }

    /** The runner's load over the boots whose samples count. */
    private Load load(RunResult run, Clock clock, Topology t) {
        int busy = (int) run.boots().stream().filter(b -> b.outcome().status() == BootStatus.BUSY).count();
        OptionalDouble max = run.boots().stream().filter(b -> b.outcome().status() == BootStatus.OK)
                .filter(b -> b.pressure().measured()).mapToDouble(b -> b.pressure().pct()).max();
        InterleavedRunner.Quiet quiet = runner.quiet();
        String notJudged = quiet.notJudged(clock, t.cpus());
        if (max.isPresent()) {
            return Load.counted(max.getAsDouble(), quiet.maxPressurePct(), notJudged, busy);
        }
        if (run.boots().stream().anyMatch(b -> b.pressure().measured())) {
            return Load.noneCounted(quiet.maxPressurePct(), notJudged, busy);
        }
        return Load.notMeasured(busy);
    }

    private static InterleavedRunner.Kernel kernel(Side side, Artefacts.Kernel k) {
        return new InterleavedRunner.Kernel(side, new Guest(k.image().path(), k.initrd().path(),
                k.disk().map(Artefacts.File::path)));
    }

    private HostFacts host() {
        if (host.isEmpty()) {
            host = Optional.of(hostProbe.get());
        }
        return host.get();
    }
}
