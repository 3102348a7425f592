package org.fsnbot.report;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A bisection as its mail states it (docs/bisect.md): how it ended (a
 * confirmed culprit, or why no single commit is named), the range, every
 * step, the confirmation's table, where it ran and how to do it again.
 */
public record BisectReport(Conclusion conclusion, Range range, List<LogLine> log, String table,
        List<String> reproduce, Setup setup) {

    /** How it ended: culprit, none, unclear, ambiguous or budget; the metric, its change and why. */
    public record Conclusion(String kind, String metric, String changePct, String commit, String subject, String author,
            String why) {
        public Conclusion {
            Objects.requireNonNull(kind);
            Objects.requireNonNull(metric);
            Objects.requireNonNull(changePct);
            Objects.requireNonNull(commit);
            Objects.requireNonNull(subject);
            Objects.requireNonNull(author);
            Objects.requireNonNull(why);
        }

        public boolean culprit() {
            return kind.equals("culprit");
        }
    }

    /** The tree, the good and bad ends (short ids with subjects) and how many commits lie between them. */
    public record Range(String tree, String good, String bad, int commits) {
    }

    /** One measured step: its number, the commit, what it was measured against, change, interval, call, boots. */
    public record LogLine(int step, String commit, String against, String change, String interval, String call,
            int boots) {
    }

    /** Where it ran: the runner, the accelerator, the profile and topology, whether emulated (TCG). */
    public record Setup(String runner, String accelerator, String profile, String topology, boolean emulated) {
    }

    /** The log as a table: one row per step, aligned. */
    public String logTable() {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "  %4s  %-12s  %-12s  %8s  %17s  %-7s  %5s%n",
                "step", "commit", "against", "change", "CI", "call", "boots"));
        for (LogLine l : log) {
            sb.append(String.format(Locale.ROOT, "  %4d  %-12s  %-12s  %8s  %17s  %-7s  %5d%n", l.step(),
                    l.commit(), l.against(), l.change(), l.interval(), l.call(), l.boots()));
        }
        return sb.toString();
    }

    public BisectReport {
        Objects.requireNonNull(conclusion);
        Objects.requireNonNull(range);
        log = List.copyOf(log);
        Objects.requireNonNull(table);
        reproduce = List.copyOf(reproduce);
        Objects.requireNonNull(setup);
    }
}
