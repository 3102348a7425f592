package org.fsnbot.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Generated weekly-report windows with known answers, for TrendBench: 12
 * to 20 points (a kernel measured in a job each), each of some boots,
 * under a noise model of how jobs and boots vary, with no change, one
 * step, or a regression and its fix a few points later.
 */
final class TrendHistories {

    private TrendHistories() {
    }

    /** What a window holds. */
    enum Case {
        NONE("none"), STEP_5("step 5%"), STEP_10("step 10%"), FIX_5("5% and back"), FIX_10("10% and back");

        final String label;

        Case(String label) {
            this.label = label;
        }
    }

    /**
     * A window: each point's boots, the indexes where the level changes,
     * and each point's job offset (how its job differed, in log units).
     */
    record History(List<double[]> points, List<Integer> truth, double[] offsets) {

        /** A job offset past 5% on a point between the first and the last change (inside a bump). */
        boolean struckInside() {
            if (truth.size() < 2) {
                return false;
            }
            for (int i = truth.get(0); i < truth.get(truth.size() - 1); i++) {
                if (Math.abs(offsets[i]) > Math.log1p(0.05)) {
                    return true;
                }
            }
            return false;
        }

        /** One value per point, the mean of its boots, as a dashboard stores it (the baselines see these). */
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

    /** How jobs differ (a log offset per point) and how boots do (a log deviation per boot). */
    interface Noise {
        String name();

        double[] offsets(SplittableRandom rnd, int n);

        double boot(SplittableRandom rnd);

        /** Boots of a point: 3 unless the model says otherwise. */
        default int boots(SplittableRandom rnd) {
            return 3;
        }
    }

    private record Model(String name, Offsets jobs, Boots each, boolean fewBoots) implements Noise {
        @Override
        public double[] offsets(SplittableRandom rnd, int n) {
            return jobs.draw(rnd, n);
        }

        @Override
        public double boot(SplittableRandom rnd) {
            return each.draw(rnd);
        }

        @Override
        public int boots(SplittableRandom rnd) {
            return fewBoots ? 1 + rnd.nextInt(5) : 3;
        }
    }

    @FunctionalInterface
    private interface Offsets {
        double[] draw(SplittableRandom rnd, int n);
    }

    @FunctionalInterface
    private interface Boots {
        double draw(SplittableRandom rnd);
    }

    private static Offsets iid(double sd) {
        return (rnd, n) -> {
            double[] o = new double[n];
            for (int i = 0; i < n; i++) {
                o[i] = sd * NoiseModels.gaussian(rnd);
            }
            return o;
        };
    }

    private static Boots normal(double sd) {
        return rnd -> sd * NoiseModels.gaussian(rnd);
    }

    /**
     * The models the audit named, none of them tuned to: Gaussian boots;
     * jobs that differ more than their boots (per-build offsets); t(3)
     * boots; bimodal boots; outlier points; jobs drifting as AR(1); and
     * 1 to 5 boots a point.
     */
    static List<Noise> models() {
        Offsets none = (rnd, n) -> new double[n];
        Offsets outliers = (rnd, n) -> {
            double[] o = new double[n];
            for (int i = 0; i < n; i++) {
                o[i] = rnd.nextDouble() < 0.1 ? Math.log1p(0.15) : 0;
            }
            return o;
        };
        Offsets ar1 = (rnd, n) -> {
            double[] o = new double[n];
            double prev = 0;
            for (int i = 0; i < n; i++) {
                prev = 0.7 * prev + 0.015 * NoiseModels.gaussian(rnd);
                o[i] = prev;
            }
            return o;
        };
        Boots t3 = rnd -> {
            double chi = 0;
            for (int k = 0; k < 3; k++) {
                double g = NoiseModels.gaussian(rnd);
                chi += g * g;
            }
            return 0.02 / Math.sqrt(3) * NoiseModels.gaussian(rnd) / Math.sqrt(chi / 3);
        };
        Boots bimodal = rnd -> (rnd.nextDouble() < 0.2 ? Math.log1p(0.05) : 0) + 0.01 * NoiseModels.gaussian(rnd);
        return List.of(new Model("Gaussian boots, sd 2%", none, normal(0.02), false),
                new Model("per-build offsets sd 2%, boots 1%", iid(0.02), normal(0.01), false),
                new Model("t(3) boots, sd 2%", none, t3, false),
                new Model("bimodal boots (20% at +5%)", none, bimodal, false),
                new Model("outlier points (10% at +15%)", outliers, normal(0.015), false),
                new Model("AR(1) jobs (0.7, 1.5%), boots 1%", ar1, normal(0.01), false),
                new Model("1-5 boots a point, sd 3%, offsets 1%", iid(0.01), normal(0.03), true));
    }

    /** A measured source as a model: boots drawn from its residuals, jobs alike. */
    static Noise measured(VerdictSimulation.NoiseSource src) {
        double[] r = src.residuals();
        return new Model(src.name(), (rnd, n) -> new double[n], rnd -> r[rnd.nextInt(r.length)], false);
    }

    static History generate(Noise noise, Case c, SplittableRandom rnd) {
        int n = 12 + rnd.nextInt(9);
        double sign = rnd.nextBoolean() ? 1 : -1;
        List<Integer> truth = new ArrayList<>();
        double[] level = new double[n];
        if (c == Case.STEP_5 || c == Case.STEP_10) {
            int at = 4 + rnd.nextInt(n - 7);
            truth.add(at);
            for (int i = at; i < n; i++) {
                level[i] = sign * Math.log1p(c == Case.STEP_5 ? 0.05 : 0.10);
            }
        } else if (c == Case.FIX_5 || c == Case.FIX_10) {
            int length = 4 + rnd.nextInt(3);
            int at = 3 + rnd.nextInt(n - length - 5);
            truth.add(at);
            truth.add(at + length);
            for (int i = at; i < at + length; i++) {
                level[i] = sign * Math.log1p(c == Case.FIX_5 ? 0.05 : 0.10);
            }
        }
        double[] offsets = noise.offsets(rnd, n);
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double[] b = new double[noise.boots(rnd)];
            for (int k = 0; k < b.length; k++) {
                b[k] = 100 * Math.exp(level[i] + offsets[i] + noise.boot(rnd));
            }
            points.add(b);
        }
        return new History(points, truth, offsets);
    }
}
