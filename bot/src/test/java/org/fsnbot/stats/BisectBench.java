package org.fsnbot.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.hipparchus.stat.descriptive.moment.StandardDeviation;

/**
 * docs/bisect.md's simulation (scripts/bench-bisect.sh): bisections of 16,
 * 64 and 256 commits with one step of 5%, 10% or 20% at a random commit,
 * every boot drawn from a noise source fsnbot measured (the stats-sim
 * residuals), RUNS per setting; fsnbot's Bisection against plain binary
 * search with one A/B comparison per step (what `git bisect run` with a
 * threshold script does: three boots a side, bad when the change is past
 * half the ends' measured change). Reports wrong culprits, unclear
 * answers and the mean boots used.
 */
public final class BisectBench {

    static final int[] COMMITS = {16, 64, 256};
    static final double[] STEPS = {0.05, 0.10, 0.20};
    static final int PLAIN_PAIRS = 3;

    private BisectBench() {
    }

    /** Outcomes of one setting: wrong culprits, unclear answers, boots, for fsnbot and for plain search. */
    static final class Tally {
        long runs;
        long wrong;
        long unclear;
        long boots;
        long plainWrong;
        long plainBoots;
    }

    /** One boot's log value of commit i's kernel, as a simulation draws it. */
    @FunctionalInterface
    interface Draw {
        double draw(int i);
    }

    /** The simulated kernels of one bisection: commit i's boots are its level plus a residual of src. */
    record Range(double[] residuals, int truth, double step, SplittableRandom rnd) implements Bisection.Kernels, Draw {

        @Override
        public double draw(int i) {
            return (i >= truth ? Math.log1p(step) : 0) + residuals[rnd.nextInt(residuals.length)];
        }

        @Override
        public Bisection.Measurement measure(int i, int j, Bisection.Rule rule, Bisection.Pairs p) {
            return measured(this, i, j, rule, p);
        }
    }

    /** Kernel i against j as Bisection.Kernels measures: the first pairs, then one at a time while unclear. */
    static Bisection.Measurement measured(Draw d, int i, int j, Bisection.Rule rule, Bisection.Pairs p) {
        List<Double> a = new ArrayList<>();
        List<Double> b = new ArrayList<>();
        BisectJudge.Judgement last = null;
        for (int pairs = 1; pairs <= p.max(); pairs++) {
            a.add(d.draw(j));
            b.add(d.draw(i));
            if (pairs >= p.initial()) {
                last = rule.judge(array(a), array(b));
                if (last.call() != BisectJudge.Call.UNCLEAR) {
                    break;
                }
            }
        }
        return new Bisection.Measurement.Done(last, 2 * a.size());
    }

    static double[] array(List<Double> l) {
        return l.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** Plain binary search: the ends once, then each step once, a threshold at half the ends' change. */
    static int plain(Draw r, int n, long[] boots) {
        double effect = mean(r, n, PLAIN_PAIRS) - mean(r, 0, PLAIN_PAIRS);
        boots[0] += 2 * PLAIN_PAIRS;
        int lo = 0;
        int hi = n;
        while (hi - lo > 1) {
            int mid = (lo + hi) / 2;
            double d = mean(r, mid, PLAIN_PAIRS) - mean(r, 0, PLAIN_PAIRS);
            boots[0] += 2 * PLAIN_PAIRS;
            if (effect > 0 ? d > effect / 2 : d < effect / 2) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return hi;
    }

    private static double mean(Draw r, int i, int k) {
        double s = 0;
        for (int x = 0; x < k; x++) {
            s += r.draw(i);
        }
        return s / k;
    }

    static Tally simulate(double[] residuals, int n, double step, int runs, long seed) {
        Tally t = new Tally();
        SplittableRandom rnd = new SplittableRandom(seed);
        Bisection b = new Bisection(Bisection.Settings.standard());
        for (int k = 0; k < runs; k++) {
            int truth = 1 + rnd.nextInt(n);
            Range range = new Range(residuals, truth, step, rnd.split());
            Bisection.Result r = b.run(n, range);
            t.runs++;
            t.boots += r.boots();
            if (r instanceof Bisection.Result.Culprit c) {
                t.wrong += c.index() == truth ? 0 : 1;
            } else {
                t.unclear++;
            }
            long[] pb = {0};
            t.plainWrong += plain(new Range(residuals, truth, step, rnd.split()), n, pb) == truth ? 0 : 1;
            t.plainBoots += pb[0];
        }
        return t;
    }

    static double cvPct(double[] residuals) {
        return new StandardDeviation().evaluate(residuals) * 100;
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        List<VerdictSimulation.NoiseSource> sources = VerdictSimulation.bundledSources();
        ExecutorService pool = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
        List<Future<Tally>> tallies = new ArrayList<>();
        for (int s = 0; s < sources.size(); s++) {
            for (int st = 0; st < STEPS.length; st++) {
                for (int c = 0; c < COMMITS.length; c++) {
                    double[] res = sources.get(s).residuals();
                    int n = COMMITS[c];
                    double step = STEPS[st];
                    long seed = 20261201L * 31 + s * 100 + st * 10 + c;
                    tallies.add(pool.submit(() -> simulate(res, n, step, runs, seed)));
                }
            }
        }
        System.out.printf(Locale.ROOT, "%d bisections per setting; cells: wrong culprits / no commit named (unclear,"
                + " or the ends not told apart) / mean boots, for 16 | 64 | 256 commits; plain: wrong / boots%n%n", runs);
        System.out.println("| noise source | CV | step | 4x CV | fsnbot 16 | fsnbot 64 | fsnbot 256 | plain 16 | plain 64"
                + " | plain 256 |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|");
        int i = 0;
        for (VerdictSimulation.NoiseSource src : sources) {
            double cv = cvPct(src.residuals());
            for (double step : STEPS) {
                StringBuilder ours = new StringBuilder();
                StringBuilder plain = new StringBuilder();
                for (int c = 0; c < COMMITS.length; c++) {
                    Tally t = tallies.get(i++).get();
                    ours.append(String.format(Locale.ROOT, " %.1f%% / %.1f%% / %.0f |", 100.0 * t.wrong / t.runs,
                            100.0 * t.unclear / t.runs, (double) t.boots / t.runs));
                    plain.append(String.format(Locale.ROOT, " %.1f%% / %.0f |", 100.0 * t.plainWrong / t.runs,
                            (double) t.plainBoots / t.runs));
                }
                System.out.printf(Locale.ROOT, "| %s | %.1f%% | %.0f%% | %s |%s%s%n", src.name(), cv, step * 100,
                        step * 100 >= 4 * cv ? "yes" : "no", ours, plain);
            }
        }
        pool.shutdown();
    }
}
