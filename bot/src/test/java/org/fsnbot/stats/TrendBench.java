package org.fsnbot.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.fsnbot.stats.TrendHistories.Case;
import org.fsnbot.stats.TrendHistories.History;
import org.fsnbot.stats.TrendHistories.Noise;

/**
 * docs/trends.md's comparison (scripts/bench-trends.sh), in the regime the
 * weekly report runs in: windows of 12-20 points (TrendHistories), under
 * noise models nobody tuned to and the noise fsnbot measured. Each method
 * is first set, per noise model, to name a change in 5% of windows
 * without one (its threshold from N such windows), then run at that
 * threshold on N fresh windows per case: equal false alarms, so that
 * recall and F1 compare methods and not their alphas. The nominal
 * column is each method at its own stated level (fsnbot and E-Divisive at
 * 5%, the rolling t at Perfherder's t > 7) on the fresh no-change windows.
 * fsnbot's detector sees the boots; the baselines one value per point.
 */
public final class TrendBench {

    static final double MATCHED_FA = 0.05;
    static final int TOLERANCE = 1;
    static final String[] METHODS = {"fsnbot", "E-Divisive (min 4)", "rolling t (4-8 back, 4 ahead)"};
    private static final int ORDERS = 999;
    private static final int ED_PERMUTATIONS = 199;

    private TrendBench() {
    }

    /** A method at a threshold: fsnbot's and E-Divisive's a level, the rolling t's a t. */
    static List<Integer> detect(int method, double threshold, History h, SplittableRandom rnd) {
        return switch (method) {
            case 0 -> new ChangePointDetector(Significance.MIN_EFFECT_PCT, ORDERS).scan(h.points())
                    .changes(threshold).stream().map(ChangePointDetector.ChangePoint::index).toList();
            case 1 -> new EDivisiveBaseline(threshold, ED_PERMUTATIONS, 4).find(h.means(), rnd);
            default -> new RollingTTestBaseline(4, 8, 4, threshold).find(h.means());
        };
    }

    /** The least threshold at which a method names any change in h (for the t, the largest t). */
    static double toName(int method, History h, SplittableRandom rnd) {
        return switch (method) {
            case 0 -> new ChangePointDetector(Significance.MIN_EFFECT_PCT, ORDERS).scan(h.points()).levelToName();
            case 1 -> new EDivisiveBaseline(0.05, ED_PERMUTATIONS, 4).firstP(h.means(), rnd);
            default -> new RollingTTestBaseline(4, 8, 4, 0).maxT(h.means());
        };
    }

    static final double[] NOMINAL = {ChangePointDetector.REPORT_ALPHA, 0.05, 7};

    /** One model's figures per method. */
    /** fa: the false-alarm rates at the method's nominal level and at the matched threshold. */
    record Row(String model, String method, double threshold, double[] fa, Score score, Struck struck) {
    }

    /** Recall per change case (5%, 10%, 5% and back, 10% and back), precision and F1 over all of them. */
    record Score(double[] recall, double precision, double f1) {
    }

    /**
     * A regression and its fix at 10%, split by whether a job offset past
     * 5% (an outlier point) landed inside the bump: how many windows it
     * struck, and the recall in the windows it did and did not.
     */
    record Struck(int windows, double recallStruck, double recallClean) {
    }

    static List<Row> run(Noise noise, int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<History> calibration = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            calibration.add(TrendHistories.generate(noise, Case.NONE, rnd));
        }
        Case[] cases = Case.values();
        List<List<History>> fresh = new ArrayList<>();
        for (Case c : cases) {
            List<History> hs = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                hs.add(TrendHistories.generate(noise, c, rnd));
            }
            fresh.add(hs);
        }
        List<Row> rows = new ArrayList<>();
        for (int m = 0; m < METHODS.length; m++) {
            double[] need = new double[n];
            for (int i = 0; i < n; i++) {
                need[i] = toName(m, calibration.get(i), rnd.split());
            }
            double threshold = matched(m, need);
            double nominalFa = flaggedShare(m, NOMINAL[m], fresh.get(0), rnd);
            double matchedFa = flaggedShare(m, threshold, fresh.get(0), rnd);
            double[] recall = new double[cases.length - 1];
            long[] split = new long[4];
            long hits = 0;
            long found = 0;
            long truths = 0;
            for (int c = 1; c < cases.length; c++) {
                long caseHits = 0;
                long caseTruths = 0;
                for (History h : fresh.get(c)) {
                    List<Integer> cps = detect(m, threshold, h, rnd.split());
                    found += cps.size();
                    for (int t : h.truth()) {
                        caseTruths++;
                        int hit = cps.stream().anyMatch(i -> Math.abs(i - t) <= TOLERANCE) ? 1 : 0;
                        caseHits += hit;
                        if (cases[c] == Case.FIX_10) {
                            int k = h.struckInside() ? 0 : 2;
                            split[k] += hit;
                            split[k + 1]++;
                        }
                    }
                }
                recall[c - 1] = (double) caseHits / caseTruths;
                hits += caseHits;
                truths += caseTruths;
            }
            double precision = found == 0 ? 0 : (double) hits / found;
            double r = (double) hits / truths;
            double f1 = precision + r == 0 ? 0 : 2 * precision * r / (precision + r);
            rows.add(new Row(noise.name(), METHODS[m], threshold, new double[] {nominalFa, matchedFa},
                    new Score(recall, precision, f1), new Struck((int) (split[1] / 2), split[1] == 0 ? Double.NaN : (double) split[0] / split[1],
                            split[3] == 0 ? Double.NaN : (double) split[2] / split[3])));
        }
        return rows;
    }

    /** The threshold at which MATCHED_FA of the calibration windows are flagged (at most). */
    private static double matched(int method, double[] need) {
        double[] s = need.clone();
        Arrays.sort(s);
        int k = (int) Math.floor(MATCHED_FA * s.length);
        if (method == 2) {
            // Flagged when the largest t is past the threshold: the (1 - FA) quantile, from above.
            return s[s.length - 1 - k];
        }
        // Flagged when the level needed is at most the threshold: just under the k-th smallest
        // (any level at all when fewer than that many can be flagged: the minimum effect binds).
        return Math.min(1, Math.nextDown(s[k]));
    }

    private static double flaggedShare(int method, double threshold, List<History> none, SplittableRandom rnd) {
        long flagged = 0;
        for (History h : none) {
            flagged += detect(method, threshold, h, rnd.split()).isEmpty() ? 0 : 1;
        }
        return (double) flagged / none.size();
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        List<Noise> models = new ArrayList<>(TrendHistories.models());
        VerdictSimulation.bundledSources().forEach(s -> models.add(TrendHistories.measured(s)));
        ExecutorService pool = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
        List<Future<List<Row>>> out = new ArrayList<>();
        for (int i = 0; i < models.size(); i++) {
            Noise model = models.get(i);
            long seed = 20261203L + i;
            out.add(pool.submit(() -> run(model, n, seed)));
        }
        System.out.printf(Locale.ROOT, "%d windows per case and model (12-20 points), each method set to flag %.0f%%"
                + " of no-change windows; a hit within %d point%n%n", n, 100 * MATCHED_FA, TOLERANCE);
        System.out.println("| noise | method | FA at its nominal level | threshold at matched FA | FA fresh |"
                + " recall 5% / 10% / 5% and back / 10% and back | precision | F1 |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        for (Future<List<Row>> f : out) {
            for (Row r : get(f)) {
                System.out.printf(Locale.ROOT, "| %s | %s | %.1f%% | %s | %.1f%% | %.0f / %.0f / %.0f / %.0f%% | %.2f |"
                        + " %.2f |%n", r.model(), r.method(), 100 * r.fa()[0], threshold(r), 100 * r.fa()[1],
                        100 * r.score().recall()[0], 100 * r.score().recall()[1], 100 * r.score().recall()[2],
                        100 * r.score().recall()[3], r.score().precision(), r.score().f1());
            }
        }
        System.out.printf(Locale.ROOT, "%nA 10%% regression and its fix, split by whether a job offset past 5%% (an"
                + " outlier point) landed inside the bump: windows struck of %d, recall there and in the others%n%n", n);
        System.out.println("| noise | method | struck | recall struck | recall clean |");
        System.out.println("|---|---|---|---|---|");
        for (Future<List<Row>> f : out) {
            for (Row r : get(f)) {
                if (r.struck().windows() > 0 && !r.method().startsWith("rolling")) {
                    System.out.printf(Locale.ROOT, "| %s | %s | %d | %.0f%% | %.0f%% |%n", r.model(), r.method(),
                            r.struck().windows(), 100 * r.struck().recallStruck(), 100 * r.struck().recallClean());
                }
            }
        }
        System.out.printf(Locale.ROOT, "%nWeekly reports of %d series without a change (%d reports per model):"
                + " the share naming any change%n%n", REPORT_SERIES, n);
        System.out.println("| noise | fsnbot (5% per report, Holm over its series, 0.2% at most each) | each series"
                + " at 5% |");
        System.out.println("|---|---|---|");
        List<Future<double[]>> reports = new ArrayList<>();
        for (int i = 0; i < models.size(); i++) {
            Noise model = models.get(i);
            long seed = 20261204L + i;
            reports.add(pool.submit(() -> reports(model, n, seed)));
        }
        for (int i = 0; i < models.size(); i++) {
            double[] r = get(reports.get(i));
            System.out.printf(Locale.ROOT, "| %s | %.1f%% | %.1f%% |%n", models.get(i).name(), 100 * r[0], 100 * r[1]);
        }
        pool.shutdown();
        System.out.printf(Locale.ROOT, "%nA quiet runner (CV 2%%, 2 points a week, 12-week windows), %d series-years:"
                + " %.3f new false change points per series-year%n", 2 * n, QuietYears.perSeriesYear(2 * n, 20261205L));
    }

    static final int REPORT_SERIES = 12;

    /** The share of n reports of REPORT_SERIES no-change windows naming a change: with Holm, and uncorrected. */
    static double[] reports(Noise noise, int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        ChangePointDetector d = new ChangePointDetector(Significance.MIN_EFFECT_PCT, ORDERS);
        ReportChangePoints holm = new ReportChangePoints(d, ChangePointDetector.REPORT_ALPHA,
                ChangePointDetector.SERIES_WEEK_ALPHA);
        long withHolm = 0;
        long each = 0;
        for (int r = 0; r < n; r++) {
            List<List<double[]>> series = new ArrayList<>();
            for (int s = 0; s < REPORT_SERIES; s++) {
                series.add(TrendHistories.generate(noise, Case.NONE, rnd).points());
            }
            withHolm += holm.find(series).stream().allMatch(List::isEmpty) ? 0 : 1;
            each += series.stream().allMatch(p -> d.scan(p).changes(ChangePointDetector.REPORT_ALPHA).isEmpty()) ? 0 : 1;
        }
        return new double[] {(double) withHolm / n, (double) each / n};
    }

    private static String threshold(Row r) {
        if (!Double.isFinite(r.threshold())) {
            return "none flags 5%";
        }
        return r.method().startsWith("rolling") ? String.format(Locale.ROOT, "t > %.1f", r.threshold())
                : String.format(Locale.ROOT, "alpha %.3f", r.threshold());
    }

    private static <T> T get(Future<T> f) throws InterruptedException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }
}
