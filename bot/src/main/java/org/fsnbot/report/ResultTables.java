package org.fsnbot.report;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.fsnbot.run.MetricKey;
import org.fsnbot.stats.Comparison;
import org.fsnbot.stats.MetricComparison;
import org.fsnbot.stats.MetricNoise;
import org.fsnbot.stats.Significance;
import org.fsnbot.stats.Verdict;

/**
 * Lays out a comparison in the seeds' shapes: one table per workload and
 * verdict metric with a row per mode (byte-write, seed 004/000 style), per
 * client count (parent-modify-scale, seed 000 style) or per group count
 * ("Amean", seed 002 style), then the metrics that were measured but do
 * not enter the verdict.
 */
public final class ResultTables {

    /** Row labels longer than this go on a line of their own above their figures. */
    static final int MAX_ROW_WIDTH = 16;

    private ResultTables() {
    }

    /** One table: a workload's verdict metric, a row per variant. */
    private record TableKey(String workload, String metric) {
    }

    public static String verdictTables(Comparison c, String ci, List<MetricNoise> noise) {
        Map<TableKey, List<MetricComparison>> byTable = new LinkedHashMap<>();
        for (MetricComparison m : c.verdictMetrics()) {
            byTable.computeIfAbsent(new TableKey(m.key().workload(), m.key().metric()), k -> new ArrayList<>()).add(m);
        }
        StringBuilder sb = new StringBuilder();
        for (List<MetricComparison> rows : byTable.values()) {
            MetricComparison first = rows.get(0);
            sb.append(first.key().workload()).append(": ").append(first.key().metric()).append(" in ")
                    .append(first.unit()).append(", ").append(first.lowerIsBetter() ? "lower" : "higher")
                    .append(" is better\n\n");
            if (first.label().equals("Amean")) {
                sb.append(ameanTable(rows));
            } else if (first.key().metric().equals("p50_ns") && hasP99(c, rows)) {
                sb.append(percentileTable(c, rows, first, ci));
            } else {
                sb.append(changeTable(rows, first, ci));
            }
            double maxCv = 0;
            for (MetricComparison m : rows) {
                maxCv = Math.max(maxCv, Math.max(m.base().cv(), m.patched().cv()));
            }
            sb.append(String.format(Locale.ROOT,
                    "  n = %d base / %d patched boots; largest boot-to-boot CV %.1f%%%n", first.base().n(),
                    first.patched().n(), 100 * maxCv));
            sb.append("  ").append(noiseLine(rows, noise)).append("\n\n");
        }
        return sb.toString();
    }

    private static String changeTable(List<MetricComparison> rows, MetricComparison first, String ci) {
        boolean wide = rows.stream().anyMatch(m -> m.key().variant().length() > MAX_ROW_WIDTH);
        TextTable t = new TextTable(List.of(wide ? "" : first.label(), "base", "patched", "change", ci + " CI",
                "verdict"), 1);
        for (MetricComparison m : rows) {
            if (wide) {
                t.heading(first.label() + ": " + m.key().variant());
            }
            t.row(List.of(wide ? "" : m.key().variant(), Numbers.value(m.base().mean()),
                    Numbers.value(m.patched().mean()), Numbers.pct(m.changePct()), interval(m),
                    shortVerdict(m.verdict().orElseThrow())));
        }
        return t.render("  ");
    }

    private static String interval(MetricComparison m) {
        return Numbers.interval(m.change().ciLowPct(), m.change().ciHighPct());
    }

    private static Optional<MetricComparison> p99Of(Comparison c, MetricComparison p50) {
        return c.find(new MetricKey(p50.key().workload(), p50.key().variant(), "p99_ns"));
    }

    private static boolean hasP99(Comparison c, List<MetricComparison> rows) {
        return rows.stream().allMatch(m -> p99Of(c, m).isPresent());
    }

    /** Seed 000's event-path shape: p50 / p99 on each side, the verdict on p50. */
    private static String percentileTable(Comparison c, List<MetricComparison> rows, MetricComparison first,
            String ci) {
        TextTable t = new TextTable(List.of("", "base p50/p99", "patched p50/p99", "p50", ci + " CI", "verdict"), 1);
        for (MetricComparison m : rows) {
            MetricComparison p99 = p99Of(c, m).orElseThrow();
            t.heading(first.label() + ": " + m.key().variant());
            t.row(List.of("", Numbers.value(m.base().mean()) + " / " + Numbers.value(p99.base().mean()),
                    Numbers.value(m.patched().mean()) + " / " + Numbers.value(p99.patched().mean()),
                    Numbers.pct(m.changePct()), interval(m), shortVerdict(m.verdict().orElseThrow())));
        }
        return t.render("  ");
    }

    /**
     * mmtests' shape (seed 002): "Amean N  base ( 0.00%)  patched ( gain)",
     * the gain positive when patched is better, between stars when the
     * verdict is a regression or an improvement.
     */
    private static String ameanTable(List<MetricComparison> rows) {
        TextTable t = new TextTable(List.of("", "base", "", "patched", "gain", "verdict"), 1);
        for (MetricComparison m : rows) {
            double gain = m.lowerIsBetter() ? -m.changePct() : m.changePct();
            Verdict v = m.verdict().orElseThrow();
            boolean marked = v == Verdict.REGRESSION || v == Verdict.IMPROVEMENT;
            String g = String.format(Locale.ROOT, "%.2f%%", gain);
            t.row(List.of("Amean " + m.key().variant(), Numbers.value(m.base().mean()), "( 0.00%)",
                    Numbers.value(m.patched().mean()), marked ? "*" + g + "*" : "(" + g + ")", shortVerdict(v)));
        }
        return t.render("  ") + "  gain: + means patched is better (mmtests convention); * = significant\n";
    }

    private static String noiseLine(List<MetricComparison> rows, List<MetricNoise> noise) {
        double worst = -1;
        Instant when = null;
        for (MetricComparison m : rows) {
            for (MetricNoise n : noise) {
                if (n.key().equals(m.key())) {
                    worst = Math.max(worst, n.cvPct());
                    when = n.when();
                }
            }
        }
        if (worst < 0) {
            return "A/A noise here: not calibrated yet (fsnbot calibrate)";
        }
        return String.format(Locale.ROOT,
                "A/A noise here (%s): CV <= %.1f%%; %d boots/kernel to resolve %.0f%%",
                when.toString().substring(0, 10), worst, Significance.bootsToResolve(worst), Significance.MIN_EFFECT_PCT);
    }

    public static String otherMetrics(Comparison c) {
        Map<String, TextTable> byWorkload = new LinkedHashMap<>();
        for (MetricComparison m : c.metrics()) {
            if (m.inVerdict()) {
                continue;
            }
            byWorkload.computeIfAbsent(m.key().workload(),
                    w -> new TextTable(List.of(m.label(), "metric", "base", "patched", "change"), 2))
                    .row(List.of(m.key().variant(), m.key().metric(), Numbers.value(m.base().mean()),
                            Numbers.value(m.patched().mean()), Numbers.pct(m.changePct())));
        }
        StringBuilder sb = new StringBuilder();
        byWorkload.forEach((w, t) -> sb.append(w).append(":\n").append(t.render("  ")).append('\n'));
        return sb.toString();
    }

    /** The verdict metrics that decided a regression or improvement, one per line. */
    public static String decisive(Comparison c) {
        StringBuilder sb = new StringBuilder();
        for (MetricComparison m : c.verdictMetrics()) {
            Verdict v = m.verdict().orElseThrow();
            if (v == Verdict.REGRESSION || v == Verdict.IMPROVEMENT) {
                sb.append(String.format(Locale.ROOT, "  %-12s %s %s %s: %s%n", v.text(),
                        m.key().workload(), m.label(), m.key().variant(), Numbers.pct(m.changePct())));
            }
        }
        return sb.toString();
    }

    static String shortVerdict(Verdict v) {
        return v == Verdict.NO_SIGNIFICANT_CHANGE ? "no change" : v.text();
    }
}
