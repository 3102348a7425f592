package org.fsnbot.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsnbot.stats.Comparison;
import org.fsnbot.stats.MetricComparison;
import org.fsnbot.stats.MetricKey;
import org.fsnbot.stats.NoiseEstimate;
import org.fsnbot.stats.Verdict;
import org.fsnbot.store.Store;

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

    /** "95%" for alpha 0.05, "98.3%" for 0.05/3. */
    public static String ciLabel(double alpha) {
        double level = 100 * (1 - alpha);
        return (Math.abs(level - Math.rint(level)) < 1e-9 ? String.format(java.util.Locale.ROOT, "%.0f", level)
                : String.format(java.util.Locale.ROOT, "%.1f", level)) + "%";
    }

    public static String verdictTables(Comparison c, String ci, List<Store.Noise> noise) {
        Map<String, List<MetricComparison>> byTable = new LinkedHashMap<>();
        for (MetricComparison m : c.verdictMetrics()) {
            byTable.computeIfAbsent(m.key().workload() + "\u0000" + m.key().metric(), k -> new ArrayList<>()).add(m);
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
                maxCv = Math.max(maxCv, Math.max(m.sdBase() / m.meanBase(), m.sdPatched() / m.meanPatched()));
            }
            sb.append(String.format(java.util.Locale.ROOT,
                    "  n = %d base / %d patched boots; largest boot-to-boot CV %.1f%%%n", first.nBase(),
                    first.nPatched(), 100 * maxCv));
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
            t.row(List.of(wide ? "" : m.key().variant(), Numbers.value(m.meanBase()), Numbers.value(m.meanPatched()),
                    Numbers.pct(m.changePct()), Numbers.interval(m.ciLowPct(), m.ciHighPct()),
                    shortVerdict(m.verdict().orElseThrow())));
        }
        return t.render("  ");
    }

    private static java.util.Optional<MetricComparison> p99Of(Comparison c, MetricComparison p50) {
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
            t.row(List.of("", Numbers.value(m.meanBase()) + " / " + Numbers.value(p99.meanBase()),
                    Numbers.value(m.meanPatched()) + " / " + Numbers.value(p99.meanPatched()),
                    Numbers.pct(m.changePct()), Numbers.interval(m.ciLowPct(), m.ciHighPct()),
                    shortVerdict(m.verdict().orElseThrow())));
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
            String g = String.format(java.util.Locale.ROOT, "%.2f%%", gain);
            t.row(List.of("Amean " + m.key().variant(), Numbers.value(m.meanBase()), "( 0.00%)",
                    Numbers.value(m.meanPatched()), marked ? "*" + g + "*" : "(" + g + ")", shortVerdict(v)));
        }
        return t.render("  ") + "  gain: + means patched is better (mmtests convention); * = significant\n";
    }

    private static String noiseLine(List<MetricComparison> rows, List<Store.Noise> noise) {
        double worst = -1;
        java.time.Instant when = null;
        for (MetricComparison m : rows) {
            for (Store.Noise n : noise) {
                if (n.key().equals(m.key())) {
                    worst = Math.max(worst, n.cvPct());
                    when = n.when();
                }
            }
        }
        if (worst < 0) {
            return "A/A noise here: not calibrated yet (fsnbot calibrate)";
        }
        return String.format(java.util.Locale.ROOT,
                "A/A noise here (%s): CV <= %.1f%%; %d boots/kernel to resolve 2%%",
                when.toString().substring(0, 10), worst, NoiseEstimate.bootsNeeded(worst, 2, 0.05, 0.8));
    }

    public static String otherMetrics(Comparison c) {
        Map<String, TextTable> byWorkload = new LinkedHashMap<>();
        for (MetricComparison m : c.metrics()) {
            if (m.inVerdict()) {
                continue;
            }
            byWorkload.computeIfAbsent(m.key().workload(),
                    w -> new TextTable(List.of(m.label(), "metric", "base", "patched", "change"), 2))
                    .row(List.of(m.key().variant(), m.key().metric(), Numbers.value(m.meanBase()),
                            Numbers.value(m.meanPatched()), Numbers.pct(m.changePct())));
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
                sb.append(String.format(java.util.Locale.ROOT, "  %-12s %s %s %s: %s%n", v.text(),
                        m.key().workload(), m.label(), m.key().variant(), Numbers.pct(m.changePct())));
            }
        }
        return sb.toString();
    }

    static String shortVerdict(Verdict v) {
        return v == Verdict.NO_SIGNIFICANT_CHANGE ? "no change" : v.text();
    }
}
