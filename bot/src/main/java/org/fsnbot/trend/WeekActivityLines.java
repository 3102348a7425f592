package org.fsnbot.trend;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.fsnbot.intake.LoreLink;
import org.fsnbot.report.WeeklyReport;
import org.fsnbot.stats.Verdict;
import org.fsnbot.store.WeekActivity;
import org.hipparchus.stat.StatUtils;
import org.hipparchus.stat.descriptive.rank.Median;

/** The week's activity as a report shows it: patch tests with lore links, reruns, failures, runner noise. */
final class WeekActivityLines {

    private final WeekActivity activity;

    WeekActivityLines(WeekActivity activity) {
        this.activity = activity;
    }

    WeeklyReport.Activity of(Instant from, Instant to, List<MetricSeries> series) {
        List<WeeklyReport.PatchLine> tests = new ArrayList<>();
        for (WeekActivity.PatchTest t : activity.patchTests(from, to)) {
            tests.add(new WeeklyReport.PatchLine(t.subject(), LoreLink.of(t.messageId()), result(t)));
        }
        List<String> failures = new ArrayList<>();
        for (WeekActivity.Failure f : activity.failures(from, to)) {
            String first = f.detail().lines().findFirst().orElse("");
            failures.add("job " + f.jobId() + ": " + words(f.what()) + (first.isEmpty() ? "" : ": " + first));
        }
        return new WeeklyReport.Activity(tests, activity.reruns(from, to), failures, noise(from, to, series));
    }

    private static String result(WeekActivity.PatchTest t) {
        if (!t.verdict().isEmpty()) {
            try {
                return Verdict.valueOf(t.verdict()).text();
            } catch (IllegalArgumentException e) {
                return words(t.verdict());
            }
        }
        return words(t.outcome());
    }

    private static String words(String name) {
        return name.toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /**
     * Each runner's noise: the median, over this week's points with two
     * boots or more, of the boot-to-boot CV of one metric at one point.
     */
    private static List<String> noise(Instant from, Instant to, List<MetricSeries> series) {
        Map<String, List<Double>> cvs = new TreeMap<>();
        for (MetricSeries s : series) {
            for (MetricSeries.Point p : s.points()) {
                if (p.perBoot().length < 2 || p.at().isBefore(from) || !p.at().isBefore(to)) {
                    continue;
                }
                double cv = 100 * Math.sqrt(StatUtils.variance(p.perBoot())) / StatUtils.mean(p.perBoot());
                cvs.computeIfAbsent(s.setup().runner() + " (" + s.setup().accelerator() + ")",
                        k -> new ArrayList<>()).add(cv);
            }
        }
        List<String> out = new ArrayList<>();
        cvs.forEach((runner, v) -> out.add(String.format(Locale.ROOT, "%s: %.1f%% over %d metric points", runner,
                new Median().evaluate(v.stream().mapToDouble(Double::doubleValue).toArray()), v.size())));
        return out;
    }
}
