package org.fsnbot.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Every boot attempted for a job. failure is set when a boot failed twice
 * in a row: the job then has no verdict, only an infrastructure failure.
 */
public record RunResult(List<BootRecord> boots, Optional<BootRecord> failure) {

    public RunResult {
        boots = List.copyOf(boots);
    }

    /** This run followed by more boots of the same job. */
    public RunResult plus(RunResult more) {
        List<BootRecord> all = new ArrayList<>(boots);
        all.addAll(more.boots());
        return new RunResult(all, more.failure());
    }

    /** Boots that ran to the end; only they count. */
    private Stream<BootRecord> goodBoots() {
        return boots.stream().filter(b -> !b.outcome().status().infrastructureFailure());
    }

    /** The boots whose samples count. */
    public List<BootRecord> good() {
        return goodBoots().toList();
    }

    /** Pairs of boots begun (each pair is one boot index of both sides). */
    public int pairs() {
        return boots.stream().mapToInt(b -> b.index() + 1).max().orElse(0);
    }

    /** Boots that failed (and were retried or ended the job). */
    public int failedBoots() {
        return boots.size() - (int) goodBoots().count();
    }

    public List<Sample> samples() {
        return goodBoots().flatMap(b -> b.samples().stream()).toList();
    }

    /** Gate checks that failed, each with the kernel side it failed on. */
    public List<String> gateFailures() {
        return goodBoots().flatMap(b -> b.gateFailures().stream().map(f -> b.side().name().toLowerCase(Locale.ROOT)
                + " boot " + (b.index() + 1) + ": " + f)).toList();
    }

    /** Whether the base kernel failed a gate check too: then the lost events are not the candidate's doing. */
    public boolean baseFailedGate() {
        return goodBoots().anyMatch(b -> b.side() == Side.BASE && !b.gateFailures().isEmpty());
    }

    /** What the workloads could not run here, once per distinct reason. */
    public List<String> skipped() {
        return goodBoots().flatMap(b -> b.skipped().stream()).distinct().toList();
    }

    /** The guest kernel's version as the first good boot reported it. */
    public Optional<String> guestKernel() {
        return goodBoots().map(BootRecord::guestInfo).filter(g -> !g.isEmpty()).findFirst()
                .map(g -> g.replaceAll(".*\"kernel\":\"([^\"]*)\".*", "$1"));
    }
}
