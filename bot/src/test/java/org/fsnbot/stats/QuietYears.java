package org.fsnbot.stats;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * False change points per series-year on a quiet runner, as the weekly
 * report names them (scripts/bench-trends.sh): a series of two points a
 * week (a job's base and patched kernel), each three boots of CV 2%, no
 * change ever; every week the 12-week window is searched as a report of
 * one series, and a change point counts when the window a week earlier
 * did not show it (WeeklyAnalysis's "new this week"). Weekly windows
 * overlap by 11 weeks, so a year's 52 reports are far from 52
 * independent tests.
 */
final class QuietYears {

    static final int POINTS_A_WEEK = 2;
    static final int WINDOW_WEEKS = 12;

    private QuietYears() {
    }

    /** New false change points per series-year over years, reports as ReportChangePoints.standard() runs them. */
    static double perSeriesYear(int years, long seed) {
        ReportChangePoints report = new ReportChangePoints(new ChangePointDetector(Significance.MIN_EFFECT_PCT,
                ChangePointDetector.ORDERS), ChangePointDetector.REPORT_ALPHA, ChangePointDetector.SERIES_WEEK_ALPHA);
        SplittableRandom rnd = new SplittableRandom(seed);
        long found = 0;
        for (int y = 0; y < years; y++) {
            int weeks = 52 + WINDOW_WEEKS;
            List<double[]> points = new ArrayList<>();
            for (int i = 0; i < weeks * POINTS_A_WEEK; i++) {
                double[] b = new double[3];
                for (int k = 0; k < 3; k++) {
                    b[k] = 100 * Math.exp(0.02 * NoiseModels.gaussian(rnd));
                }
                points.add(b);
            }
            Set<Integer> before = changes(report, points, WINDOW_WEEKS - 1);
            for (int w = WINDOW_WEEKS; w < weeks; w++) {
                Set<Integer> now = changes(report, points, w);
                for (int p : now) {
                    found += before.contains(p) ? 0 : 1;
                }
                before = now;
            }
        }
        return (double) found / years;
    }

    /** The change points (as indexes into the whole series) of the window that ends with week w. */
    private static Set<Integer> changes(ReportChangePoints report, List<double[]> points, int w) {
        int from = (w - WINDOW_WEEKS + 1) * POINTS_A_WEEK;
        int to = (w + 1) * POINTS_A_WEEK;
        Set<Integer> out = new HashSet<>();
        for (ChangePointDetector.ChangePoint cp : report.find(List.of(points.subList(from, to))).get(0)) {
            out.add(from + cp.index());
        }
        return out;
    }
}
