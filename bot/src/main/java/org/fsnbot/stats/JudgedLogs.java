package org.fsnbot.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.hipparchus.stat.StatUtils;

/**
 * The log per-boot values of sides compared with one another (a base and
 * a patched side) as ChangeEstimator's test judges them: from ROBUST_BOOTS
 * boots on every side, a boot past its side's median +- WINSOR MADn (the
 * Hampel identifier, one MADn for all sides: Winsorizing.fewAtMadn) is
 * wild when such boots are few (WILD_SHARE of all the sides' boots past
 * either edge, at least one). One slow boot in twenty
 * (a host hiccup, a migrated vCPU) then does not move its side's level,
 * and widens its spread only as a boot at the edge would: unjudged, it
 * hid true 2% changes in 42% of jobs at the boots calibrate recommends
 * (stats-sim, docs/stats.md). More boots past an edge are a mode of the
 * runner and are kept, and below ROBUST_BOOTS a MAD of a few boots is too
 * unsteady to say which boot is wild.
 */
public final class JudgedLogs {

    /** The boots every side needs before any is judged wild. */
    public static final int ROBUST_BOOTS = 12;

    /** Wide enough that normal boots are almost never judged wild (0.3% of them). */
    static final double WINSOR = 3;

    /** More boots than this share past an edge are a mode of the runner, kept as they are. */
    static final double WILD_SHARE = 0.1;

    private JudgedLogs() {
    }

    /**
     * One side judged: its log values with the wild ones clipped at the
     * edge (winsorized) and which ones those were.
     */
    public record Side(double[] winsorized, boolean[] wild) {

        public Side {
            if (winsorized.length != wild.length) {
                throw new IllegalArgumentException("a flag per boot");
            }
            winsorized = winsorized.clone();
            wild = wild.clone();
        }

        public int boots() {
            return winsorized.length;
        }

        public int wildBoots() {
            int g = 0;
            for (boolean w : wild) {
                g += w ? 1 : 0;
            }
            return g;
        }

        /** The side's level: the mean of its boots that are not wild (Yuen's trimmed mean). */
        public double location() {
            double sum = 0;
            int k = 0;
            for (int i = 0; i < wild.length; i++) {
                if (!wild[i]) {
                    sum += winsorized[i];
                    k++;
                }
            }
            return sum / k;
        }

        /**
         * The variance of location() and its degrees of freedom, as Yuen's
         * trimmed t has them: the winsorized variance (at least least),
         * over h = n - 2g values when g boots are wild (counted as if both
         * tails had lost g, which keeps a mode's few boots from passing
         * for wild ones: with h = n - g, A/A alarms per report on two even
         * modes 3% apart rose from 0.5% to 3.3%, stats-sim at 400 trials),
         * df h - 1. With no wild boot, Welch's own.
         */
        public double[] locationVarianceAndDf(double least) {
            return locationVarianceAndDf(least, 0);
        }

        /**
         * The same where the least variance is itself an estimate of
         * leastDf degrees of freedom (a runner's measured noise): when it
         * binds, the side's spread is that estimate's, with its degrees of
         * freedom.
         */
        public double[] locationVarianceAndDf(double least, int leastDf) {
            int n = boots();
            int h = Math.max(2, n - 2 * wildBoots());
            double own = StatUtils.variance(winsorized);
            double variance = Math.max(least, own);
            double df = least > own ? Math.max(h - 1, leastDf) : h - 1;
            return new double[] {(n - 1) * variance / ((double) h * (h - 1)), df};
        }
    }

    /** Each side's log values, judged together. */
    public static List<Side> of(List<double[]> perBoot) {
        List<double[]> l = perBoot.stream().map(v -> Arrays.stream(v).map(Math::log).toArray()).toList();
        boolean robust = l.stream().allMatch(x -> x.length >= ROBUST_BOOTS);
        List<double[]> w = robust ? Winsorizing.fewAtMadn(l, WINSOR, WILD_SHARE) : l;
        List<Side> out = new ArrayList<>();
        for (int s = 0; s < l.size(); s++) {
            boolean[] wild = new boolean[l.get(s).length];
            for (int i = 0; i < wild.length; i++) {
                wild[i] = w.get(s)[i] != l.get(s)[i];
            }
            out.add(new Side(w.get(s), wild));
        }
        return out;
    }
}
