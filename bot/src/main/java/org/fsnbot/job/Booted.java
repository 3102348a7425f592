package org.fsnbot.job;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import org.fsnbot.report.JobFacts;
import org.fsnbot.run.InterleavedRunner;
import org.fsnbot.run.NumaCheck;
import org.fsnbot.run.RunResult;
import org.fsnbot.vm.Accelerator;
import org.fsnbot.vm.AcceleratorProbe;
import org.fsnbot.vm.BootStatus;
import org.fsnbot.vm.HostFacts;

/**
 * The boots that ran, on the accelerator chosen, under the quietness the
 * runner asked of itself; whether they make a measurement is decided next.
 */
public record Booted(Imaged imaged, AcceleratorProbe.Decision accel, HostFacts host, RunResult run,
        InterleavedRunner.Quiet quiet, RunnerName runner, Optional<NumaCheck.Result> numa) implements Reached {

    public Booted {
        Objects.requireNonNull(imaged);
        Objects.requireNonNull(accel);
        Objects.requireNonNull(host);
        Objects.requireNonNull(run);
        Objects.requireNonNull(quiet);
        Objects.requireNonNull(runner);
        Objects.requireNonNull(numa);
    }

    @Override
    public JobFacts facts(JobFacts.Run timing) {
        Applied a = imaged.built().applied();
        return a.resolved().facts(timing, a.patchedLabel(), new JobFacts.Runner(run.guestKernel().orElse("unknown"),
                guest(a.resolved().job().topology().toString()), new JobFacts.Instrument(accel.accel().label(),
                        accel.reason(), accel.clock().word(), accel.clock().description(),
                        accel.accel() == Accelerator.TCG),
                runner.label() + ": " + host.describe(), host.qemu(), load()), imaged.built().config());
    }

    /** The guest as the facts show it: a pinned one with its mapping, notes and check. */
    JobFacts.Guest guest(String topology) {
        return numa.map(c -> new JobFacts.Guest(topology, c.mapping(), c.notes(), c.verified()
                ? "verified: the guest saw these nodes, CPUs and memory; every vCPU thread was pinned as planned"
                : "NOT verified: " + c.problems().get(0), c.verified())).orElse(JobFacts.Guest.of(topology));
    }

    /** The runner's load over the boots whose samples count. */
    JobFacts.Load load() {
        int busy = (int) run.boots().stream().filter(b -> b.outcome().status() == BootStatus.BUSY).count();
        OptionalDouble max = run.boots().stream().filter(b -> b.outcome().status() == BootStatus.OK)
                .filter(b -> b.pressure().measured()).mapToDouble(b -> b.pressure().pct()).max();
        if (max.isEmpty()) {
            return JobFacts.Load.notMeasured(busy);
        }
        return new JobFacts.Load(true, String.format(Locale.ROOT, "%.1f", max.getAsDouble()),
                String.format(Locale.ROOT, "%.0f", quiet.maxPressurePct()), quiet.notJudged(accel.clock(),
                        imaged.built().applied().resolved().job().topology().cpus()), busy);
    }
}
