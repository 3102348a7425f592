package org.fsnbot.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.fsnbot.run.Sample;
import org.fsnbot.run.Side;
import org.fsnbot.stats.MetricSamples;
import org.hipparchus.stat.StatUtils;

/**
 * The host runner's summary: per workload row and metric, the mean over
 * passes (each pass summarised over its repetitions, as boots are) and the
 * pass-to-pass coefficient of variation. No comparison: one kernel only.
 */
public final class HostSummary {

    /** One row: its mean, its CV in percent (NaN with a single value) and how many values the CV is over. */
    public record Row(String workload, String row, String metric, String unit, double mean, double cvPct, int n) {
    }

    private HostSummary() {
    }

    public static List<Row> rows(List<Sample> samples) {
        List<Row> out = new ArrayList<>();
        for (MetricSamples m : MetricSamples.group(samples)) {
            double[] perPass = m.perBoot(Side.BASE);
            double mean = StatUtils.mean(perPass);
            double[] spread = perPass.length > 1 ? perPass : m.firstBootReps(Side.BASE);
            double spreadMean = StatUtils.mean(spread);
            double cv = spread.length > 1 && spreadMean != 0
                    ? 100 * Math.sqrt(StatUtils.variance(spread)) / spreadMean : Double.NaN;
            out.add(new Row(m.key().workload(), m.key().variant(), m.key().metric(), m.info().unit(), mean, cv,
                    spread.length));
        }
        return out;
    }

    public static String render(List<Sample> samples, List<String> gateFailures, List<String> skipped,
            String kernel) {
        TextTable t = new TextTable(List.of("workload", "row", "metric", "mean", "unit", "CV", "n"), 3);
        for (Row r : rows(samples)) {
            t.row(List.of(r.workload(), r.row(), r.metric(), Numbers.value(r.mean()), r.unit(),
                    Double.isNaN(r.cvPct()) ? "-" : String.format(Locale.ROOT, "%.1f%%", r.cvPct()),
                    Integer.toString(r.n())));
        }
        StringBuilder sb = new StringBuilder();
        sb.append("Host run on ").append(kernel).append(" (native, no VM). CV is across passes when there")
                .append(" are several,\nelse across repetitions; n counts what the CV is over.\n\n");
        sb.append(gateFailures.isEmpty() ? "fsnotify gate: passed\n" : "fsnotify gate: FAILED\n");
        gateFailures.forEach(f -> sb.append("  ").append(f).append('\n'));
        sb.append('\n').append(t.render("  "));
        if (!skipped.isEmpty()) {
            sb.append("\nNot run here:\n");
            skipped.forEach(x -> sb.append("  ").append(x).append('\n'));
        }
        return sb.toString();
    }
}
