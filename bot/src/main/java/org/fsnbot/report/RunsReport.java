package org.fsnbot.report;

import java.util.List;
import java.util.Objects;

/**
 * `fsnbot compare-runs` as a reader gets it: each side's run files, the
 * kernels and hosts they name, the profile and workload version they all
 * share, what to know about them (a side without variance, a file given
 * twice), and the measurement the reply's statistics made of them.
 */
public record RunsReport(Side base, Side patched, String profile, String workloads, List<String> notes,
        Measurement measurement) {

    /** One side: its files, the kernels and hosts they came from (each once), and its runs (passes). */
    public record Side(List<String> files, List<String> kernels, List<String> hosts, int runs) {
        public Side {
            files = List.copyOf(files);
            kernels = List.copyOf(kernels);
            hosts = List.copyOf(hosts);
        }
    }

    public RunsReport {
        Objects.requireNonNull(base);
        Objects.requireNonNull(patched);
        Objects.requireNonNull(profile);
        Objects.requireNonNull(workloads);
        notes = List.copyOf(notes);
        Objects.requireNonNull(measurement);
    }
}
