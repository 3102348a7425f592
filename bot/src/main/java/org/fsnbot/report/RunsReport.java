package org.fsnbot.report;

import java.util.List;
import java.util.Objects;

/**
 * `fsnbot compare-runs` as a reader gets it: each side's run files, the
 * kernels and hosts they name, the profile and workload version they all
 * share, what to know about them (runs made with a cost injected, a file
 * given twice, rows without variance; their words are templates/runs.peb's),
 * and the measurement the reply's statistics made of them.
 */
public record RunsReport(Side base, Side patched, String profile, String workloads, Cautions cautions,
        Measurement measurement) {

    /** What a reader must know before the tables; empty lists and no flat rows when nothing. */
    public record Cautions(List<Injected> injected, List<SameRun> sameRuns, FlatRows flat) {
        public Cautions {
            injected = List.copyOf(injected);
            sameRuns = List.copyOf(sameRuns);
            Objects.requireNonNull(flat);
        }

        public boolean any() {
            return !injected.isEmpty() || !sameRuns.isEmpty() || flat.rows() > 0;
        }
    }

    /** runs of a side's files were made with --inject what: a cost added on purpose. */
    public record Injected(String side, long runs, int files, String what) {
        public Injected {
            Objects.requireNonNull(side);
            Objects.requireNonNull(what);
            if (runs < 1 || runs > files) {
                throw new IllegalArgumentException("injected files: 1.." + files + ", not " + runs);
            }
        }

        public boolean all() {
            return runs == files;
        }
    }

    /**
     * Two files of a side that are one run: by their run id (countedOnce:
     * the second file's passes were left out), or, for files that carry
     * none, by their bytes (both counted: nothing says which is the copy).
     */
    public record SameRun(String side, String first, String second, boolean countedOnce) {
        public SameRun {
            Objects.requireNonNull(side);
            Objects.requireNonNull(first);
            Objects.requireNonNull(second);
        }
    }

    /** Verdict rows whose runs on a side all have one value (rows 0: none), one of them for example. */
    public record FlatRows(int rows, String example) {
        public static final FlatRows NONE = new FlatRows(0, "");

        public FlatRows {
            Objects.requireNonNull(example);
            if (rows < 0) {
                throw new IllegalArgumentException("rows >= 0: " + rows);
            }
        }
    }

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
        Objects.requireNonNull(cautions);
        Objects.requireNonNull(measurement);
    }
}
