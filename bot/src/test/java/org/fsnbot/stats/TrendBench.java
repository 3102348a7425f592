package org.fsnbot.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * docs/trends.md's comparison (scripts/bench-trends.sh): generated
 * histories with known answers, per noise source fsnbot measured, and each
 * detector's precision, recall, F1 and false change points. A history has
 * 40-60 points; a point is BOOTS boots drawn from the source's residuals.
 * fsnbot's detector sees the boots; the baselines see one value per point
 * (the mean of its boots), as a dashboard stores it.
 */
public final class TrendBench {

    static final int BOOTS = 3;
    static final int TOLERANCE = 2;
    static final String[] CASES = {"step 2%", "step 5%", "step 10%", "step 20%", "drift 10%", "variance x2", "none"};
    static final String[] METHODS = {"fsnbot", "E-Divisive (min 30)", "E-Divisive (min 5)", "rolling t (Perfherder)"};

    private TrendBench() {
    }

    /** One generated history: its points' boots and where the change is (-1: nowhere). */
    record History(List<double[]> points, int truth) {
        double[] means() {
            double[] m = new double[points.size()];
            for (int i = 0; i < m.length; i++) {
                double s = 0;
                for (double v : points.get(i)) {
                    s += v;
                }
                m[i] = s / points.get(i).length;
            }
            return m;
        }
    }

    static History generate(VerdictSimulation.NoiseSource src, int kase, SplittableRandom rnd) {
        int n = 40 + rnd.nextInt(21);
        int at = kase == 6 ? -1 : 12 + rnd.nextInt(n - 23);
        double sign = rnd.nextBoolean() ? 1 : -1;
        List<double[]> pts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double shift = 0;
            double scale = 1;
            if (kase <= 3 && i >= at) {
                shift = sign * Math.log1p(new double[] {0.02, 0.05, 0.10, 0.20}[kase]);
            } else if (kase == 4) {
                shift = sign * Math.log1p(0.10) * i / (n - 1);
            } else if (kase == 5 && i >= at) {
                scale = 2;
            }
            double[] b = new double[BOOTS];
            for (int k = 0; k < BOOTS; k++) {
                b[k] = 100 * Math.exp(shift + scale * src.residuals()[rnd.nextInt(src.residuals().length)]);
            }
            pts.add(b);
        }
        return new History(pts, kase <= 3 || kase == 5 ? at : -1);
    }

    static List<Integer> detect(int method, History h, SplittableRandom rnd) {
        return switch (method) {
            case 0 -> ChangePointDetector.standard().find(h.points()).stream()
                    .map(ChangePointDetector.ChangePoint::index).toList();
            case 1 -> new EDivisiveBaseline(0.05, 199, 30).find(h.means(), rnd);
            case 2 -> new EDivisiveBaseline(0.05, 199, 5).find(h.means(), rnd);
            default -> RollingTTestBaseline.perfherder().find(h.means());
        };
    }

    /** Counts per method and case: true positives, detections, histories with any detection. */
    static final class Score {
        final long[][] tp = new long[METHODS.length][CASES.length];
        final long[][] found = new long[METHODS.length][CASES.length];
        final long[][] flagged = new long[METHODS.length][CASES.length];

        void add(int m, int c, History h, List<Integer> cps) {
            found[m][c] += cps.size();
            flagged[m][c] += cps.isEmpty() ? 0 : 1;
            if (h.truth() >= 0 && cps.stream().anyMatch(i -> Math.abs(i - h.truth()) <= TOLERANCE)) {
                tp[m][c]++;
            }
        }
    }

    static Score score(VerdictSimulation.NoiseSource src, int series, long seed) {
        Score s = new Score();
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int c = 0; c < CASES.length; c++) {
            for (int i = 0; i < series; i++) {
                History h = generate(src, c, rnd);
                for (int m = 0; m < METHODS.length; m++) {
                    s.add(m, c, h, detect(m, h, rnd.split()));
                }
            }
        }
        return s;
    }

    public static void main(String[] args) throws Exception {
        int series = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        List<VerdictSimulation.NoiseSource> sources = VerdictSimulation.bundledSources();
        ExecutorService pool = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
        List<Future<Score>> scores = new ArrayList<>();
        for (int i = 0; i < sources.size(); i++) {
            VerdictSimulation.NoiseSource src = sources.get(i);
            long seed = 20261201L + i;
            scores.add(pool.submit(() -> score(src, series, seed)));
        }
        System.out.printf(Locale.ROOT, "%d histories per case and source, %d boots per point, 40-60 points,"
                + " a hit within %d points%n%n", series, BOOTS, TOLERANCE);
        System.out.println("| noise source | method | precision | recall | F1 | recall 2/5/10/20% | false per 100"
                + " no-change | drift flagged | variance flagged |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        for (int i = 0; i < sources.size(); i++) {
            print(sources.get(i).name(), get(scores.get(i)), series);
        }
        pool.shutdown();
    }

    private static Score get(Future<Score> f) throws InterruptedException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    private static void print(String source, Score s, int series) {
        for (int m = 0; m < METHODS.length; m++) {
            long tp = 0;
            long found = 0;
            StringBuilder per = new StringBuilder();
            for (int c = 0; c < 4; c++) {
                tp += s.tp[m][c];
                found += s.found[m][c];
                per.append(c == 0 ? "" : "/").append(String.format(Locale.ROOT, "%.0f", 100.0 * s.tp[m][c] / series));
            }
            double precision = found == 0 ? 0 : (double) tp / found;
            double recall = (double) tp / (4.0 * series);
            double f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall);
            System.out.printf(Locale.ROOT, "| %s | %s | %.2f | %.2f | %.2f | %s | %.1f | %.0f%% | %.0f%% |%n",
                    source, METHODS[m], precision, recall, f1, per, 100.0 * s.found[m][6] / series,
                    100.0 * s.flagged[m][4] / series, 100.0 * s.flagged[m][5] / series);
        }
    }
}
