package org.fsnbot.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsnbot.stats.Comparison;
import org.fsnbot.stats.MetricComparison;
import org.fsnbot.stats.Verdict;

/**
 * Lays out a comparison in the seeds' shapes: one table per workload and
 * verdict metric with a row per mode (byte-write, seed 004/000 style), per
 * client count (parent-modify-scale, seed 000 style) or per group count
 * ("Amean", seed 002 style), then the metrics that were measured but do
 * not enter the verdict.
 */
public final class ResultTables {

    private ResultTables() {
    }

    /** Row labels longer than this go on a line of their own above their figures. */
    static final int MAX_ROW_WIDTH = 16;

    public static String verdictTables(Comparison c) {
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
            boolean wide = rows.stream().anyMatch(m -> m.key().variant().length() > MAX_ROW_WIDTH);
            String heading = wide ? "" : first.label();
            TextTable t = new TextTable(List.of(heading, "base", "patched", "change", "95% CI", "verdict"), 1);
            double maxCv = 0;
            for (MetricComparison m : rows) {
                if (wide) {
                    t.heading(first.label() + ": " + m.key().variant());
                }
                t.row(List.of(wide ? "" : m.key().variant(), Numbers.value(m.meanBase()),
                        Numbers.value(m.meanPatched()), Numbers.pct(m.changePct()),
                        Numbers.interval(m.ciLowPct(), m.ciHighPct()), shortVerdict(m.verdict().orElseThrow())));
                maxCv = Math.max(maxCv, Math.max(m.sdBase() / m.meanBase(), m.sdPatched() / m.meanPatched()));
            }
            sb.append(t.render("  "));
            sb.append(String.format(java.util.Locale.ROOT,
                    "  n = %d base / %d patched boots; largest boot-to-boot CV %.1f%%%n%n", first.nBase(),
                    first.nPatched(), 100 * maxCv));
        }
        return sb.toString();
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
