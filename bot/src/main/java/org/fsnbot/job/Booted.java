package org.fsnbot.job;

import java.util.Locale;
import java.util.Objects;
import org.fsnbot.report.JobFacts;
import org.fsnbot.run.RunResult;
import org.fsnbot.testbed.Instrument;
import org.fsnbot.testbed.Load;
import org.fsnbot.testbed.Measurement;

/**
 * The boots that ran, as the testbed measured them, on this runner (with
 * what `fsnbot qualify` last found on it, or ""); whether they make a
 * measurement is decided next.
 */
public record Booted(Imaged imaged, Measurement measurement, RunnerName runner, String qualified)
        implements Reached {

    public Booted {
        Objects.requireNonNull(imaged);
        Objects.requireNonNull(measurement);
        Objects.requireNonNull(runner);
        Objects.requireNonNull(qualified);
    }

    public RunResult run() {
        return measurement.run();
    }

    public Instrument instrument() {
        return measurement.facts().instrument();
    }

    /**
     * "vm (class local): Intel(R) Xeon(R) ..., 2 CPUs, ...; qualified ...":
     * this runner, the host it measured on, and its qualification.
     */
    public String host() {
        return runner.label() + ": " + measurement.facts().host() + (qualified.isEmpty() ? "" : "; " + qualified);
    }

    @Override
    public JobFacts facts(JobFacts.Run timing) {
        Applied a = imaged.built().applied();
        Instrument i = instrument();
        return a.resolved().facts(timing, a.patchedLabel(), new JobFacts.Runner(run().guestKernel().orElse("unknown"),
                guest(a.resolved().job().topology().toString()), new JobFacts.Instrument(i.label(), i.reason(),
                        i.clock().word(), i.clock().description(), i.emulated()), host(),
                measurement.facts().software(), load(measurement.load()), measurement.facts().backend()),
                imaged.built().config());
    }

    /** The guest as the facts show it: a pinned one with its mapping, notes and check. */
    JobFacts.Guest guest(String topology) {
        return measurement.placement().map(c -> new JobFacts.Guest(topology, c.mapping(), c.notes(), c.verified()
                ? "verified: the guest saw these nodes, CPUs and memory; every vCPU thread was pinned as planned"
                : "NOT verified: " + c.problems().get(0), c.verified())).orElse(JobFacts.Guest.of(topology));
    }

    /** The runner's load in the reply's words. */
    private static JobFacts.Load load(Load l) {
        if (!l.measured()) {
            return JobFacts.Load.notMeasured(l.busyBoots());
        }
        return new JobFacts.Load(true, l.counted(), String.format(Locale.ROOT, "%.1f", l.maxPct()),
                String.format(Locale.ROOT, "%.0f", l.limitPct()), l.notJudged(), l.busyBoots());
    }
}
