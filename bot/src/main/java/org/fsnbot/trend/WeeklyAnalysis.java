package org.fsnbot.trend;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Predicate;
import org.fsnbot.report.AsciiTrend;
import org.fsnbot.report.ResultTables;
import org.fsnbot.report.WeeklyReport;
import org.fsnbot.run.MetricKey;
import org.fsnbot.run.Sample;
import org.fsnbot.run.Side;
import org.fsnbot.stats.ChangeEstimator;
import org.fsnbot.stats.ReportChangePoints;
import org.fsnbot.stats.ChangePointDetector.ChangePoint;
import org.fsnbot.stats.Comparison;
import org.fsnbot.stats.MetricPolicy;
import org.fsnbot.stats.PointSummaries;
import org.fsnbot.stats.Significance;
import org.fsnbot.store.TrendHistory;
import org.fsnbot.store.TrendPoint;

/**
 * One week's trend report, computed: for every line with points in the
 * window (the WINDOW_WEEKS weeks that end with the week), each headline
 * metric's series, its change points (ChangePointDetector), and for those
 * new this week (not found in the window that ended a week earlier: a
 * change shows once it has points enough after it) a finding:
 * the before/after table from the reply's own statistics, the commit range
 * and its fsnotify commits. Charts are described here and drawn by
 * WeeklyPages.
 */
final class WeeklyAnalysis {

    static final int WINDOW_WEEKS = 12;

    /** Points either side of a change that its before/after table uses (its segment's, at most). */
    static final int TABLE_POINTS = 6;

    /** The report and what its pictures show: every series in it, with its change points. */
    record Result(WeeklyReport report, List<Charted> charts) {
    }

    /** A series as a chart draws it: its file name, its change points and their labels. */
    record Charted(String name, MetricSeries series, List<ChangePoint> changes, List<String> labels) {
    }

    private final TrendHistory history;
    private final WeekActivityLines activity;
    private final ChangeAttribution attribution;
    private final Predicate<MetricKey> headline;
    private final ReportChangePoints detector;

    WeeklyAnalysis(TrendHistory history, WeekActivityLines activity, ChangeAttribution attribution,
            Predicate<MetricKey> headline, ReportChangePoints detector) {
        this.history = history;
        this.activity = activity;
        this.attribution = attribution;
        this.headline = headline;
        this.detector = detector;
    }

    Result analyse(LocalDate weekStart, Optional<String> tree, Optional<String> link) {
        Instant from = weekStart.atStartOfDay(ZoneOffset.UTC).toInstant();
        Instant to = weekStart.plusWeeks(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        Instant windowFrom = weekStart.minusWeeks(WINDOW_WEEKS - 1L).atStartOfDay(ZoneOffset.UTC).toInstant();
        List<WeeklyReport.ChangeFinding> findings = new ArrayList<>();
        List<WeeklyReport.TrendLine> trends = new ArrayList<>();
        List<Charted> charts = new ArrayList<>();
        List<MetricSeries> all = new ArrayList<>();
        Set<String> pointsThisWeek = new HashSet<>();
        Set<String> pointsInWindow = new HashSet<>();
        List<String> lines = history.lines(windowFrom, to).stream()
                .filter(l -> tree.isEmpty() || ChangeAttribution.tree(l).equals(tree.get())).toList();
        Instant earlier = windowFrom.minus(Duration.ofDays(7));
        List<MetricSeries> prior = new ArrayList<>();
        for (String line : lines) {
            List<TrendPoint> withEarlier = history.points(line, earlier, to);
            List<TrendPoint> points = withEarlier.stream().filter(p -> !p.measuredAt().isBefore(windowFrom)).toList();
            for (var p : points) {
                String id = p.jobId() + p.side().name();
                pointsInWindow.add(id);
                if (!p.measuredAt().isBefore(from)) {
                    pointsThisWeek.add(id);
                }
            }
            for (MetricSeries both : MetricSeries.of(line, withEarlier, headline)) {
                MetricSeries s = both.between(windowFrom, to);
                if (!s.points().isEmpty()) {
                    all.add(s);
                    prior.add(both.between(earlier, from));
                }
            }
        }
        List<List<ChangePoint>> found = find(all);
        List<List<ChangePoint>> foundBefore = find(prior);
        for (int k = 0; k < all.size(); k++) {
            MetricSeries s = all.get(k);
            MetricSeries p = prior.get(k);
            String chart = "series-" + (k + 1);
            List<ChangePoint> cps = found.get(k);
            Set<TrendPoint> before = foundBefore.get(k).stream().map(cp -> p.points().get(cp.index()).source())
                    .collect(java.util.stream.Collectors.toSet());
            List<String> labels = new ArrayList<>();
            Optional<ChangePoint> named = Optional.empty();
            for (int i = 0; i < cps.size(); i++) {
                ChangePoint cp = cps.get(i);
                WeeklyReport.Range range = attribution.of(s.line(), s.points().get(cp.index() - 1).commit(),
                        s.points().get(cp.index()).commit());
                labels.add(range.text());
                if (!before.contains(s.points().get(cp.index()).source())) {
                    findings.add(finding(s, cps, i, range, chart));
                    named = Optional.of(cp);
                }
            }
            charts.add(new Charted(chart, s, cps, labels));
            trends.add(trendLine(s, weekStart, chart, named));
        }
        WeeklyReport.Scope scope = new WeeklyReport.Scope(lines.size(), all.size(), pointsThisWeek.size(),
                pointsInWindow.size(), WINDOW_WEEKS);
        return new Result(new WeeklyReport(weekStart, scope, findings, trends, activity.of(from, to, all), link),
                charts);
    }

    /** The report's change points: its alpha spent over all of its series at once. */
    private List<List<ChangePoint>> find(List<MetricSeries> series) {
        return detector.find(series.stream().map(s -> s.points().stream().map(MetricSeries.Point::perBoot).toList())
                .toList());
    }

    private WeeklyReport.ChangeFinding finding(MetricSeries s, List<ChangePoint> cps, int i,
            WeeklyReport.Range range, String chart) {
        ChangePoint cp = cps.get(i);
        int lo = Math.max(i == 0 ? 0 : cps.get(i - 1).index(), cp.index() - TABLE_POINTS);
        int hi = Math.min(i + 1 < cps.size() ? cps.get(i + 1).index() : s.points().size(), cp.index() + TABLE_POINTS);
        // Jobs are the unit: one value per point, the summary the detector saw, so that the spread
        // the table judges by is how jobs differ, not how one job's boots do.
        double[] summary = PointSummaries.of(s.points().stream().map(MetricSeries.Point::perBoot).toList());
        List<Sample> samples = new ArrayList<>();
        for (int k = lo; k < hi; k++) {
            Side side = k < cp.index() ? Side.BASE : Side.PATCHED;
            Sample any = s.points().get(k).samples().get(0);
            samples.add(new Sample(side, k - lo, 0, any.key(), any.info(), Math.exp(summary[k])));
        }
        MetricPolicy policy = new MetricPolicy(Map.of(s.key().workload(), Set.of(s.key().metric())), Map.of(),
                Significance.ALPHA);
        Comparison c = new ChangeEstimator(policy).compare(samples);
        String table = ResultTables.verdictTables(c, List.of(), false, "point");
        boolean worse = (cp.logChange() > 0) == s.info().lowerIsBetter();
        String step = String.format(Locale.ROOT, "%+.1f%% [%+.1f%%, %+.1f%%]", cp.changePct(), cp.ciLowPct(),
                cp.ciHighPct());
        return new WeeklyReport.ChangeFinding(new WeeklyReport.Series(s.line(), s.setup().toString(), s.label()),
                worse ? "regression" : "improvement", table, step, range, chart);
    }

    /**
     * A headline series' line of weeks and its change: the step of the
     * change point named this week when there is one (the number its step
     * line and table give: two numbers for one change confused readers),
     * else its first week's points against its last's.
     */
    private static WeeklyReport.TrendLine trendLine(MetricSeries s, LocalDate weekStart, String chart,
            Optional<ChangePoint> named) {
        List<OptionalDouble> weeks = new ArrayList<>();
        for (int w = WINDOW_WEEKS - 1; w >= 0; w--) {
            Instant a = weekStart.minusWeeks(w).atStartOfDay(ZoneOffset.UTC).toInstant();
            Instant b = weekStart.minusWeeks(w - 1L).atStartOfDay(ZoneOffset.UTC).toInstant();
            weeks.add(s.points().stream().filter(p -> !p.at().isBefore(a) && p.at().isBefore(b))
                    .mapToDouble(p -> Math.log(p.mean())).average());
        }
        List<Double> seen = weeks.stream().filter(OptionalDouble::isPresent).map(OptionalDouble::getAsDouble).toList();
        String change = named.isPresent() ? String.format(Locale.ROOT, "%+6.1f%%*", named.get().changePct())
                : seen.size() < 2 ? "  n/a  " : String.format(Locale.ROOT, "%+6.1f%% ",
                        Math.expm1(seen.get(seen.size() - 1) - seen.get(0)) * 100);
        return new WeeklyReport.TrendLine(new WeeklyReport.Series(s.line(), s.setup().toString(), s.label()),
                AsciiTrend.of(weeks), change, chart);
    }
}
