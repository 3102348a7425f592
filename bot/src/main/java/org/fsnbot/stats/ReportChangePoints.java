package org.fsnbot.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Change points of every series of one weekly report, with the report's
 * false-alarm rate, not each series': Holm's step-down over the series'
 * p (each the p of its strongest split), so that a report on series none
 * of which changed names any change at most alpha of the time, however
 * many series it has. A series Holm rejects is then segmented further at
 * the level it was rejected at.
 *
 * Across weeks: a report tests its window afresh, and names as new only
 * what the previous week's window did not show (WeeklyAnalysis), so each
 * report keeps the rate and a year of reports on quiet series names about
 * 52 x alpha false changes in all.
 */
public final class ReportChangePoints {

    private final ChangePointDetector detector;
    private final double alpha;
    private final double seriesAlpha;

    /** alpha: the report's false-alarm rate; seriesAlpha: the most any one series is tested at in a week. */
    public ReportChangePoints(ChangePointDetector detector, double alpha, double seriesAlpha) {
        if (!(alpha > 0 && alpha < 0.5) || !(seriesAlpha > 0 && seriesAlpha <= alpha)) {
            throw new IllegalArgumentException("a report's alpha is in (0, 0.5) and a series' at most it: " + alpha
                    + ", " + seriesAlpha);
        }
        this.detector = detector;
        this.alpha = alpha;
        this.seriesAlpha = seriesAlpha;
    }

    public static ReportChangePoints standard() {
        return new ReportChangePoints(ChangePointDetector.standard(), ChangePointDetector.REPORT_ALPHA,
                ChangePointDetector.SERIES_WEEK_ALPHA);
    }

    /** Each series' change points (each a list of points' per-boot values), in the order given. */
    public List<List<ChangePointDetector.ChangePoint>> find(List<List<double[]>> series) {
        List<ChangePointDetector.Series> scans = series.stream().map(detector::scan).toList();
        int m = scans.size();
        double[] level = new double[m];
        List<Integer> order = IntStream.range(0, m).boxed()
                .sorted(Comparator.comparingDouble(i -> scans.get(i).p())).toList();
        for (int rank = 0; rank < m; rank++) {
            int i = order.get(rank);
            double holm = Math.min(seriesAlpha, alpha / (m - rank));
            if (scans.get(i).p() > holm) {
                break;
            }
            level[i] = holm;
        }
        List<List<ChangePointDetector.ChangePoint>> out = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            out.add(scans.get(i).changes(level[i]));
        }
        return out;
    }
}
