package org.fsnbot.job;

import java.util.Objects;
import org.fsnbot.report.JobFacts;
import org.fsnbot.run.RunResult;
import org.fsnbot.vm.AcceleratorProbe;

/** The boots that ran, on the accelerator chosen; whether they make a measurement is decided next. */
public record Booted(Imaged imaged, AcceleratorProbe.Decision accel, RunResult run) implements Reached {

    public Booted {
        Objects.requireNonNull(imaged);
        Objects.requireNonNull(accel);
        Objects.requireNonNull(run);
    }

    @Override
    public JobFacts facts(String wallTime) {
        Applied a = imaged.built().applied();
        return a.resolved().facts(wallTime, a.patchedLabel(), new JobFacts.Runner(run.guestKernel().orElse("unknown"),
                a.resolved().job().topology().toString(), accel.accel().label(), accel.reason()));
    }
}
