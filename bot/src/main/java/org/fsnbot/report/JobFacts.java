package org.fsnbot.report;

import java.util.List;
import java.util.Objects;

/**
 * What every reply states about the job: what was tested on what, where,
 * and how to reproduce it.
 */
public record JobFacts(Topic topic, Kernels kernels, Runner runner, ProfileLine profile, String reproduce,
        String wallTime, Confinement confinement) {

    /** What the job is about: the subject of the mail (or tree head) it answers, and trailers given for it. */
    public record Topic(String subject, String messageId, List<String> trailers) {
        public Topic {
            Objects.requireNonNull(subject);
            Objects.requireNonNull(messageId);
            trailers = List.copyOf(trailers);
        }
    }

    /** The kernels compared; patched is null until a candidate was applied. */
    public record Kernels(String tree, String base, String baseReason, String patched) {
        public Kernels {
            Objects.requireNonNull(tree);
            Objects.requireNonNull(base);
            Objects.requireNonNull(baseReason);
        }
    }

    /** Where the kernels ran: the guest kernel, its topology, the accelerator and why it was chosen. */
    public record Runner(String guestKernel, String topology, String accelerator, String acceleratorReason) {
    }

    /** How the candidate's code ran: the sandbox, and whether it confined anything (a warning when not). */
    public record Confinement(String description, boolean confined) {
        public Confinement {
            Objects.requireNonNull(description);
        }
    }

    /** The workload profile that ran. */
    public record ProfileLine(String name, String description) {
    }

    public JobFacts {
        Objects.requireNonNull(topic);
        Objects.requireNonNull(kernels);
        Objects.requireNonNull(runner);
        Objects.requireNonNull(profile);
        Objects.requireNonNull(reproduce);
        Objects.requireNonNull(confinement);
    }

    /** Whether the boots were emulated: the reply then says what such figures can and cannot show. */
    public boolean emulated() {
        return runner.accelerator().startsWith("TCG");
    }
}
