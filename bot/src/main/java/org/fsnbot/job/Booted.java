package org.fsnbot.job;

import java.util.Objects;
import org.fsnbot.report.JobFacts;
import org.fsnbot.run.RunResult;
import org.fsnbot.vm.AcceleratorProbe;
import org.fsnbot.vm.HostFacts;

/** The boots that ran, on the accelerator chosen; whether they make a measurement is decided next. */
public record Booted(Imaged imaged, AcceleratorProbe.Decision accel, HostFacts host, RunResult run)
        implements Reached {

    public Booted {
        Objects.requireNonNull(imaged);
        Objects.requireNonNull(accel);
        Objects.requireNonNull(host);
        Objects.requireNonNull(run);
    }

    @Override
    public JobFacts facts(JobFacts.Run timing) {
        Applied a = imaged.built().applied();
        return a.resolved().facts(timing, a.patchedLabel(), new JobFacts.Runner(run.guestKernel().orElse("unknown"),
                a.resolved().job().topology().toString(), accel.accel().label(), accel.reason(),
                RunnerName.get() + ": " + host.describe(), host.qemu()), imaged.built().config());
    }
}
