package org.fsnbot.report;

import java.util.List;
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

    private HostSummary() {
    }

    public static String render(List<Sample> samples, List<String> gateFailures, List<String> skipped,
            String kernel) {
        TextTable t = new TextTable(List.of("workload", "row", "metric", "mean", "unit", "CV", "n"), 3);
        for (MetricSamples m : MetricSamples.group(samples)) {
            double[] perPass = m.perBoot(Side.BASE);
            double mean = StatUtils.mean(perPass);
            double[] spread = perPass.length > 1 ? perPass : m.firstBootReps(Side.BASE);
            String cv = spread.length > 1 ? Numbers.cv(StatUtils.mean(spread), Math.sqrt(StatUtils.variance(spread)))
                    : "-";
            t.row(List.of(m.key().workload(), m.key().variant(), m.key().metric(), Numbers.value(mean),
                    m.info().unit(), cv, Integer.toString(spread.length)));
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
