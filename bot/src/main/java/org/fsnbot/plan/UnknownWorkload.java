package org.fsnbot.plan;

import java.util.List;
import java.util.Objects;

/**
 * A workload asked for that the profile does not have: an answer names it
 * and the profile's workloads in its template's words
 * (templates/command/no-such-workload.peb); the message is for the log and
 * the command line.
 */
public final class UnknownWorkload extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String workload;
    private final String profile;
    private final transient List<String> known;

    public UnknownWorkload(String workload, String profile, List<String> known) {
        super("no workload " + workload + " in profile " + profile + NearestName.hint(workload, known) + " (it has "
                + String.join(", ", known) + ")");
        this.workload = Objects.requireNonNull(workload);
        this.profile = Objects.requireNonNull(profile);
        this.known = List.copyOf(known);
    }

    public String workload() {
        return workload;
    }

    public String profile() {
        return profile;
    }

    public List<String> known() {
        return known;
    }
}
