package org.fsnbot.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fsnbot.run.Sample;
import org.fsnbot.stats.BootSummary;
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
        Map<String, TreeMap<Integer, List<Double>>> byKey = new LinkedHashMap<>();
        Map<String, Sample> firstOf = new LinkedHashMap<>();
        for (Sample s : samples) {
            String k = s.workload() + "\u0000" + s.variant() + "\u0000" + s.metric();
            byKey.computeIfAbsent(k, x -> new TreeMap<>()).computeIfAbsent(s.boot(), x -> new ArrayList<>())
                    .add(s.value());
            firstOf.putIfAbsent(k, s);
        }
        TextTable t = new TextTable(List.of("workload", "row", "metric", "mean", "unit", "CV", "n"), 3);
        byKey.forEach((k, passes) -> {
            Sample s = firstOf.get(k);
            double[] perPass = passes.values().stream().mapToDouble(v -> BootSummary.of(
                    v.stream().mapToDouble(Double::doubleValue).toArray(), s.unit())).toArray();
            double m = StatUtils.mean(perPass);
            double[] spread = perPass.length > 1 ? perPass
                    : passes.firstEntry().getValue().stream().mapToDouble(Double::doubleValue).toArray();
            String cv = spread.length > 1 ? Numbers.cv(StatUtils.mean(spread), Math.sqrt(StatUtils.variance(spread)))
                    : "-";
            t.row(List.of(s.workload(), s.variant(), s.metric(), Numbers.value(m), s.unit(), cv,
                    Integer.toString(perPass.length > 1 ? perPass.length : spread.length)));
        });
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
