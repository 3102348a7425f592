package org.fsnbot.report;

import java.util.List;
import java.util.Objects;

/**
 * What every reply states about the job: what was tested on what, where,
 * and how to reproduce it.
 */
public record JobFacts(String patchSubject, String patchMessageId, String tree, String base, String baseReason,
        String patched,
        String kernelVersion, String topology, String accelerator, String acceleratorReason, String profile,
        String profileDescription, String reproduce, String wallTime, List<String> trailers) {

    public JobFacts {
        Objects.requireNonNull(patchSubject);
        Objects.requireNonNull(tree);
        Objects.requireNonNull(base);
        Objects.requireNonNull(baseReason);
        Objects.requireNonNull(reproduce);
        trailers = List.copyOf(trailers);
    }
}
