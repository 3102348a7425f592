package org.fsnbot.testbed;

import java.util.Objects;
import org.fsnbot.plan.Clock;

/**
 * What measured, as planning, verdicts and replies read it: the
 * accelerator's name (KVM, TCG, HOST: what calibrations and boots are
 * filed under), its words for a reply, why it was chosen, the clock its
 * figures count, and whether the CPUs were emulated (then figures measure
 * the pipeline, not the kernel).
 */
public record Instrument(String accelerator, String label, String reason, Clock clock, boolean emulated) {
    public Instrument {
        if (accelerator == null || !accelerator.matches("[A-Z][A-Z0-9_]{0,15}")) {
            throw new IllegalArgumentException("an accelerator is named by a short upper-case word: " + accelerator);
        }
        Objects.requireNonNull(label);
        Objects.requireNonNull(reason);
        Objects.requireNonNull(clock);
        clock.requireOn(emulated);
    }
}
