package org.fsnbot.report;

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
import org.fsnbot.stats.PowerPlan;
import org.fsnbot.stats.Significance;
import org.fsnbot.stats.Verdict;

/**
 * Lays out a comparison in the seeds' shapes: one table per workload and
 * verdict metric with a row per mode (byte-write, seed 004/000 style) or
 * per client or group count (seed 000/002 style), all with one sign
 * convention (change = patched relative to base, + is larger). A reply
 * folds a table whose every row is inconclusive to one line; the results
 * file keeps them all, with the metrics outside the verdict.
 */
public final class ResultTables {

    /** Row labels longer than this go on a line of their own above their figures. */
    static final int MAX_ROW_WIDTH = 16;

    private ResultTables() {
    }

    /** One table: a workload's verdict metric, a row per variant. */
    private record TableKey(String workload, String metric) {
    }

    private static Map<TableKey, List<MetricComparison>> tables(Comparison c) {
        Map<TableKey, List<MetricComparison>> byTable = new LinkedHashMap<>();
        for (MetricComparison m : c.verdictMetrics()) {
            byTable.computeIfAbsent(new TableKey(m.key().workload(), m.key().metric()), k -> new ArrayList<>()).add(m);
        }
        return byTable;
    }

    /**
     * A table a reply folds: every row inconclusive, and none whose interval
     * excludes no change (that row's reason is worth the reader's time).
     */
    private static boolean foldable(List<MetricComparison> rows) {
        return rows.stream().allMatch(m -> m.verdict().orElseThrow() == Verdict.INCONCLUSIVE
                && !m.intervalExcludesZero());
    }

    /**
     * The verdict tables, each headed with its own intervals' level (the
     * look its rows were compared at); with fold, those whose every row is
     * inconclusive are left to folded().
     */
    public static String verdictTables(Comparison c, List<MetricNoise> noise, boolean fold) {
        return verdictTables(c, noise, fold, "boot");
    }

    /** The same, where each sample a side has is one unit ("boot", or "job" where jobs are compared). */
    public static String verdictTables(Comparison c, List<MetricNoise> noise, boolean fold, String unit) {
        StringBuilder sb = new StringBuilder();
        int last = mostUnits(c);
        for (List<MetricComparison> rows : tables(c).values()) {
            if (fold && foldable(rows)) {
                continue;
            }
            MetricComparison first = rows.get(0);
            String ci = first.change().ciLabel();
            sb.append(first.key().workload()).append(": ").append(first.key().metric()).append(" in ")
                    .append(first.unit()).append(", ").append(first.lowerIsBetter() ? "lower" : "higher")
                    .append(" is better\n\n");
            if (first.key().metric().equals("p50_ns") && hasP99(c, rows)) {
                sb.append(percentileTable(c, rows, ci));
            } else {
                sb.append(changeTable(rows, first, ci));
            }
            for (MetricComparison m : rows) {
                if (!m.why().isEmpty() && m.intervalExcludesZero()) {
                    sb.append("  * ").append(RowLabel.of(m.label(), m.key().variant())).append(": ").append(m.why())
                            .append('\n');
                }
                if (!m.change().ciLabel().equals(ci)) {
                    sb.append(String.format(Locale.ROOT, "  %s: %d base / %d patched %ss, its interval at %s%n",
                            RowLabel.of(m.label(), m.key().variant()), m.base().n(), m.patched().n(), unit,
                            m.change().ciLabel()));
                }
            }
            sb.append(String.format(Locale.ROOT,
                    "  n = %d base / %d patched %ss; largest %s-to-%s CV %.1f%%%n", first.base().n(),
                    first.patched().n(), unit, unit, unit, 100 * maxCv(rows)));
            if (units(first) < last && rows.stream().allMatch(m -> m.verdict().orElseThrow() != Verdict.INCONCLUSIVE)) {
                sb.append(String.format(Locale.ROOT, "  decided at %d %ss a kernel: later pairs left %s out%n",
                        units(first), unit, first.key().workload()));
            }
            sb.append("  ").append(noiseLine(rows, noise, Math.max(1, c.verdictMetrics().size()))).append("\n\n");
        }
        return sb.toString();
    }

    /**
     * One line per table whose every row is inconclusive: how many rows,
     * the largest boot-to-boot CV, and the boots per kernel that CV needs
     * to resolve the minimum effect.
     */
    public static List<String> folded(Comparison c) {
        List<String> out = new ArrayList<>();
        for (List<MetricComparison> rows : tables(c).values()) {
            if (foldable(rows)) {
                double cv = 100 * maxCv(rows);
                int needed = cv > 0 ? PowerPlan.bootsFor(cv, Math.max(1, c.verdictMetrics().size())) : 0;
                int ran = rows.stream().mapToInt(ResultTables::units).min().orElse(0);
                // More boots are advised only where they would help; else what held the rows back is said.
                String advice = cv == 0 ? "no spread between boots"
                        : needed > ran ? String.format(Locale.ROOT, "~%d boots/kernel to resolve %.0f%%", needed,
                                Significance.MIN_EFFECT_PCT)
                        : "held back: " + rows.get(0).why();
                out.add(String.format(Locale.ROOT, "%s %s: %d row%s, CV up to %.1f%%, %s", rows.get(0).key()
                        .workload(), rows.get(0).key().metric(), rows.size(), rows.size() == 1 ? "" : "s", cv,
                        advice));
            }
        }
        return out;
    }

    /** The units (boots) both sides of a metric have: the look it was compared at. */
    private static int units(MetricComparison m) {
        return Math.min(m.base().n(), m.patched().n());
    }

    /** The most units any metric reached: the comparison's last look. */
    private static int mostUnits(Comparison c) {
        return c.metrics().stream().mapToInt(ResultTables::units).max().orElse(0);
    }

    /** Whether every verdict table's intervals are at one level (the reply then names it once). */
    public static boolean oneLevel(Comparison c) {
        return c.verdictMetrics().stream().map(m -> m.change().ciLabel()).distinct().count() <= 1;
    }

    private static double maxCv(List<MetricComparison> rows) {
        double maxCv = 0;
        for (MetricComparison m : rows) {
            maxCv = Math.max(maxCv, Math.max(m.base().cv(), m.patched().cv()));
        }
        return maxCv;
    }

    private static String changeTable(List<MetricComparison> rows, MetricComparison first, String ci) {
        String[] names = first.label().trim().split("\\s+");
        boolean wide = names.length > 1 || rows.stream().anyMatch(m -> m.key().variant().length() > MAX_ROW_WIDTH);
        TextTable t = new TextTable(List.of(wide ? "" : first.label().toLowerCase(Locale.ROOT), "base", "patched",
                "change", ci + " CI", "verdict"), 1);
        for (MetricComparison m : rows) {
            if (wide) {
                t.heading(RowLabel.of(m.label(), m.key().variant()));
            }
            t.row(List.of(wide ? "" : m.key().variant(), Numbers.value(m.base().mean()),
                    Numbers.value(m.patched().mean()), Numbers.pct(m.changePct()), interval(m), verdictCell(m)));
        }
        return t.render("  ");
    }

    private static String verdictCell(MetricComparison m) {
        return shortVerdict(m.verdict().orElseThrow()) + (!m.why().isEmpty() && m.intervalExcludesZero() ? "*" : "");
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
    private static String percentileTable(Comparison c, List<MetricComparison> rows, String ci) {
        TextTable t = new TextTable(List.of("", "base p50/p99", "patched p50/p99", "p50", ci + " CI", "verdict"), 1);
        for (MetricComparison m : rows) {
            MetricComparison p99 = p99Of(c, m).orElseThrow();
            t.heading(RowLabel.of(m.label(), m.key().variant()));
            t.row(List.of("", Numbers.value(m.base().mean()) + " / " + Numbers.value(p99.base().mean()),
                    Numbers.value(m.patched().mean()) + " / " + Numbers.value(p99.patched().mean()),
                    Numbers.pct(m.changePct()), interval(m), verdictCell(m)));
        }
        return t.render("  ");
    }

    /**
     * The calibration's noise for the table's rows, and the boots it needs
     * for the minimum effect, planned for the CV's upper bound
     * (PowerPlan.plannedCv) among this report's verdict metrics.
     */
    private static String noiseLine(List<MetricComparison> rows, List<MetricNoise> noise, int verdictMetrics) {
        MetricNoise worst = null;
        double planned = -1;
        for (MetricComparison m : rows) {
            for (MetricNoise n : noise) {
                if (n.key().equals(m.key())) {
                    worst = worst == null || n.cvPct() > worst.cvPct() ? n : worst;
                    planned = Math.max(planned, n.boots() > 1 ? PowerPlan.plannedCv(n.cvPct(), n.boots())
                            : n.cvPct());
                }
            }
        }
        if (worst == null) {
            return "Noise here: not measured yet (learnt from base boots; fsnbot calibrate)";
        }
        return String.format(Locale.ROOT,
                "Noise here: CV <= %.1f%%; %d boots/kernel to resolve %.0f%%%n  (from %s, %d boots, to %s)",
                worst.cvPct(), PowerPlan.bootsFor(planned, verdictMetrics), Significance.MIN_EFFECT_PCT,
                worst.basis(), worst.boots(), worst.when().toString().substring(0, 10));
    }

    /** The metrics measured beside the verdict ones, a table per workload. */
    public static String otherMetrics(Comparison c) {
        Map<String, TextTable> byWorkload = new LinkedHashMap<>();
        for (MetricComparison m : c.metrics()) {
            if (m.inVerdict()) {
                continue;
            }
            byWorkload.computeIfAbsent(m.key().workload(),
                    w -> new TextTable(List.of("row", "metric", "base", "patched", "change"), 2))
                    .row(List.of(RowLabel.of(m.label(), m.key().variant()), m.key().metric(),
                            Numbers.value(m.base().mean()), Numbers.value(m.patched().mean()),
                            Numbers.pct(m.changePct())));
        }
        StringBuilder sb = new StringBuilder();
        byWorkload.forEach((w, t) -> sb.append(w).append(":\n").append(t.render("  ")).append('\n'));
        return sb.toString();
    }

    /**
     * The headline: a line per decisive verdict metric naming workload,
     * row, metric, change and direction, as a maintainer quotes it.
     */
    public static List<String> headline(Comparison c) {
        List<String> out = new ArrayList<>();
        double widest = 0;
        int unchanged = 0;
        for (MetricComparison m : c.verdictMetrics()) {
            Verdict v = m.verdict().orElseThrow();
            if (v == Verdict.REGRESSION || v == Verdict.IMPROVEMENT) {
                out.add(String.format(Locale.ROOT, "%s: %s %s %s %s (%s is better)", v.text(), m.key().workload(),
                        RowLabel.of(m.label(), m.key().variant()), m.key().metric(), Numbers.pct(m.changePct()),
                        m.lowerIsBetter() ? "lower" : "higher"));
            } else if (v == Verdict.NO_SIGNIFICANT_CHANGE) {
                unchanged++;
                widest = Math.max(widest, Math.max(Math.abs(m.change().ciLowPct()), Math.abs(m.change().ciHighPct())));
            }
        }
        if (unchanged > 0) {
            // Rounded up: the line must never claim a narrower interval than the tables show.
            String within = String.format(Locale.ROOT, "+/-%.1f%%", Math.ceil(widest * 10 - 1e-9) / 10);
            int rows = c.verdictMetrics().size();
            String which = unchanged == rows ? (rows == 1 ? "its one row" : "any row, all " + rows)
                    : !out.isEmpty() ? unchanged + " other row" + (unchanged == 1 ? "" : "s")
                    : unchanged + " of " + rows + " rows";
            out.add("no change on " + which + ": within " + within);
        }
        return out;
    }

    static String shortVerdict(Verdict v) {
        return v == Verdict.NO_SIGNIFICANT_CHANGE ? "no change" : v.text();
    }
}
