package org.fsnbot.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * E-Divisive with the energy statistic, as Matteson and James published it
 * (JASA 2014; the ecp package's e.divisive): alpha = 1, the split (tau,
 * kappa) of any current segment that maximises the scaled energy distance,
 * kept when a permutation test within the segments gives p <= sigLevel,
 * then searched again. A baseline for docs/trends.md only: fsnbot does not
 * use it. Written from the paper's definitions; no code was copied.
 */
final class EDivisiveBaseline {

    private final double sigLevel;
    private final int permutations;
    private final int minSize;

    EDivisiveBaseline(double sigLevel, int permutations, int minSize) {
        this.sigLevel = sigLevel;
        this.permutations = permutations;
        this.minSize = minSize;
    }

    /** Change points (index of the first value after each), ascending. */
    List<Integer> find(double[] x, SplittableRandom rnd) {
        List<Integer> cuts = new ArrayList<>(List.of(0, x.length));
        while (true) {
            Best best = bestOver(x, cuts);
            if (best == null) {
                break;
            }
            int atLeast = 0;
            int allowed = (int) Math.floor(sigLevel * (permutations + 1)) - 1;
            double[] y = x.clone();
            for (int r = 0; r < permutations && atLeast <= allowed; r++) {
                shuffleWithin(y, cuts, rnd);
                Best b = bestOver(y, cuts);
                if (b != null && b.q >= best.q) {
                    atLeast++;
                }
            }
            if (atLeast > allowed) {
                break;
            }
            cuts.add(best.tau);
            cuts.sort(null);
        }
        return cuts.subList(1, cuts.size() - 1);
    }

    /** The permutation p of the whole series' best split: the least sigLevel at which it names any change. */
    double firstP(double[] x, SplittableRandom rnd) {
        List<Integer> whole = List.of(0, x.length);
        Best best = bestOver(x, whole);
        if (best == null) {
            return 1;
        }
        int atLeast = 0;
        double[] y = x.clone();
        for (int r = 0; r < permutations; r++) {
            shuffleWithin(y, whole, rnd);
            Best b = bestOver(y, whole);
            if (b != null && b.q >= best.q) {
                atLeast++;
            }
        }
        return (atLeast + 1.0) / (permutations + 1);
    }

    private record Best(int tau, double q) {
    }

    private Best bestOver(double[] x, List<Integer> cuts) {
        Best best = null;
        for (int s = 0; s + 1 < cuts.size(); s++) {
            Best b = bestIn(x, cuts.get(s), cuts.get(s + 1));
            if (b != null && (best == null || b.q > best.q)) {
                best = b;
            }
        }
        return best;
    }

    /** The best tau in [from, to), over every end kappa, in O(n^2) with column prefix sums of distances. */
    private Best bestIn(double[] x, int from, int to) {
        int n = to - from;
        if (n < 2 * minSize) {
            return null;
        }
        // cp[k][j]: the distances of x[k] to x[from..j), so any block sum is a difference.
        double[][] cp = new double[n][n + 1];
        for (int k = 0; k < n; k++) {
            for (int j = 0; j < n; j++) {
                cp[k][j + 1] = cp[k][j] + Math.abs(x[from + j] - x[from + k]);
            }
        }
        Best best = null;
        double withinL = 0;
        for (int i = 0; i < minSize; i++) {
            withinL += cp[i][i];
        }
        for (int t = minSize; t <= n - minSize; t++) {
            double cross = 0;
            double withinR = 0;
            for (int k = t; k < n; k++) {
                cross += cp[k][t];
                withinR += cp[k][k] - cp[k][t];
                int nl = t;
                int nr = k - t + 1;
                if (nr < minSize) {
                    continue;
                }
                double e = 2 * cross / (nl * (double) nr) - 2 * withinL / (nl * (nl - 1.0))
                        - (nr > 1 ? 2 * withinR / (nr * (nr - 1.0)) : 0);
                double q = nl * (double) nr / (nl + nr) * e;
                if (best == null || q > best.q) {
                    best = new Best(from + t, q);
                }
            }
            withinL += cp[t][t];
        }
        return best;
    }

    private static void shuffleWithin(double[] y, List<Integer> cuts, SplittableRandom rnd) {
        for (int s = 0; s + 1 < cuts.size(); s++) {
            int from = cuts.get(s);
            for (int i = cuts.get(s + 1) - 1; i > from; i--) {
                int j = from + rnd.nextInt(i - from + 1);
                double t = y[i];
                y[i] = y[j];
                y[j] = t;
            }
        }
    }
}
