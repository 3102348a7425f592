package org.fsnbot.store;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A finished job as the store keeps it, for exports: what was tested on
 * what, the builds, and every verdict metric's figures. Commits are empty
 * where the job never got that far.
 */
public record JobRecord(Head head, List<Build> builds, List<Verdict> verdicts, Provenance provenance) {

    /** What the results came from: the applied series' patchset hash ('' for none), fsnbot's and the workloads' versions. */
    public record Provenance(String patchsetHash, String fsnbotVersion, String workloadsVersion) {
        public Provenance {
            Objects.requireNonNull(patchsetHash);
            Objects.requireNonNull(fsnbotVersion);
            Objects.requireNonNull(workloadsVersion);
        }
    }

    /**
     * One line of a list of jobs (the pages' index, a series' page, `fsnbot
     * jobs`): its number, when, its state and reply kind, the overall
     * verdict of a measured job (empty otherwise), what it tested (the
     * series' subject and message-id, or the tree's revisions), on which
     * tree and runner.
     */
    public record Summary(long id, Times times, String state, String verdict, String subject, String messageId,
            String tree) {
        public Summary {
            Objects.requireNonNull(times);
            Objects.requireNonNull(state);
            Objects.requireNonNull(verdict);
            Objects.requireNonNull(subject);
            Objects.requireNonNull(messageId);
            Objects.requireNonNull(tree);
        }
    }

    /** The job row: its tree and commits, the series it tested (none for two revisions), when, and how it ended. */
    public record Head(long id, String tree, String baseRev, String baseCommit, String patchedCommit,
            Optional<Series> series, Times times) {
        public Head {
            Objects.requireNonNull(tree);
            Objects.requireNonNull(baseCommit);
            Objects.requireNonNull(patchedCommit);
            Objects.requireNonNull(series);
            Objects.requireNonNull(times);
        }
    }

    /** When the job ran, and its outcome (a reply kind, ERROR, or empty while it runs), measured how, where. */
    public record Times(Instant created, Optional<Instant> finished, String outcome, String accelerator,
            String clock, String runner) {
    }

    /** The tested series: its message-id, subject and part count. */
    public record Series(String messageId, String subject, int patches) {
    }

    /** One kernel build. */
    public record Build(String label, String commit, boolean ok, double seconds, int objectsCompiled,
            List<String> errorLines) {
        public Build {
            errorLines = List.copyOf(errorLines);
        }
    }

    /** One verdict metric: both sides' boots and means, the change and its interval (null ends unbounded). */
    public record Verdict(String workload, String variant, String metric, double meanBase, double meanPatched,
            Change change, String verdict) {
    }

    /** The change in percent with its interval and p; an unbounded end is null. */
    public record Change(double pct, Double ciLowPct, Double ciHighPct, double p, int nBase, int nPatched) {
    }

    public JobRecord {
        Objects.requireNonNull(head);
        builds = List.copyOf(builds);
        verdicts = List.copyOf(verdicts);
    }
}
