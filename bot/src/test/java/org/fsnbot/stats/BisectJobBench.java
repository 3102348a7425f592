package org.fsnbot.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Bisection as a real one runs (scripts/bench-bisect.sh --job): the ends
 * measured as a job measures them (the profile's boots first, 10 for
 * full, then one pair at a time while they are unclear, up to its most,
 * 20) and judged at whatever count they reached; the steps and the
 * confirmation as Bisector sets them for that profile. Noise nobody tuned
 * the rules to: per-boot noise (Gaussian, or Student's t with 3 degrees of
 * freedom for heavy tails) and per-build offsets, a level each commit's
 * kernel keeps whatever it changed (Gaussian, or a bimodal layout mix of
 * 0 and +3%), as builds differ through code layout. Against plain search
 * (three boots a side a step, bad past half the ends' change), alone and
 * with a confirmation of its answer whose threshold is set to name wrong
 * commits no more often than fsnbot did: plain search always names one,
 * so only at matched wrong culprits do the two compare.
 */
public final class BisectJobBench {

    static final int[] COMMITS = {16, 64, 256};
    static final double[] STEPS = {0.05, 0.10, 0.20};
    static final int PROFILE_BOOTS = 10;
    static final int PROFILE_MOST = 20;

    private BisectJobBench() {
    }

    /** Per-boot noise and per-build offsets, in log units. */
    record Noise(String name, double cv, boolean heavyTails, double offsetSd, boolean bimodalOffsets) {

        double boot(SplittableRandom rnd) {
            if (!heavyTails) {
                return cv * gaussian(rnd);
            }
            // Student's t, 3 degrees of freedom, scaled to a standard deviation of cv (its variance is 3).
            double chi = 0;
            for (int k = 0; k < 3; k++) {
                double z = gaussian(rnd);
                chi += z * z;
            }
            return cv * gaussian(rnd) / Math.sqrt(chi / 3) / Math.sqrt(3);
        }

        double offset(SplittableRandom rnd) {
            if (bimodalOffsets) {
                return rnd.nextBoolean() ? 0 : Math.log1p(0.03);
            }
            return offsetSd * gaussian(rnd);
        }
    }

    static double gaussian(SplittableRandom rnd) {
        double u = 1 - rnd.nextDouble();
        double v = rnd.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }

    /** One simulated range: commit i's kernel boots at its level, its build's offset and a boot's noise. */
    static final class Range implements Bisection.Kernels {
        private final double[] level;
        private final Noise noise;
        private final SplittableRandom rnd;

        Range(int n, int truth, double step, Noise noise, SplittableRandom rnd) {
            this.level = new double[n + 1];
            this.noise = noise;
            this.rnd = rnd;
            for (int i = 0; i <= n; i++) {
                level[i] = (i >= truth ? Math.log1p(step) : 0) + noise.offset(rnd);
            }
        }

        double draw(int i) {
            return level[i] + noise.boot(rnd);
        }

        @Override
        public Bisection.Measurement measure(int i, int j, Bisection.Rule rule, Bisection.Pairs p) {
            return BisectBench.measured(this::draw, i, j, rule, p);
        }

        /** The ends as a job measures them: the profile's boots, then a pair at a time while unclear. */
        Bisection.Measurement ends(Bisection b, int n) {
            List<Double> good = new ArrayList<>();
            List<Double> bad = new ArrayList<>();
            BisectJudge.Judgement j = null;
            for (int pairs = 1; pairs <= PROFILE_MOST; pairs++) {
                good.add(draw(0));
                bad.add(draw(n));
                if (pairs >= PROFILE_BOOTS) {
                    j = b.endpoint(BisectBench.array(good), BisectBench.array(bad));
                    if (j.call() != BisectJudge.Call.UNCLEAR) {
                        break;
                    }
                }
            }
            return new Bisection.Measurement.Done(j, 2 * good.size());
        }
    }

    /** Outcomes of one setting. */
    static final class Tally {
        long runs;
        long named;
        long wrong;
        long boots;
        long plainWrong;
        long plainBoots;
        /** Plain search's answers confirmed afresh: each run's one-sided p, and whether its commit was right. */
        final List<double[]> confirmed = new ArrayList<>();

        /**
         * Plain search with its confirmation at the least p that names
         * wrong commits in no more runs than fsnbot did: {named right, named
         * wrong} of all runs. Matched so: a method that always names a commit
         * cannot be compared with one that may say "none" at its own rates.
         */
        double[] plainAtMatchedWrong() {
            List<double[]> byP = new ArrayList<>(confirmed);
            byP.sort((a, b) -> Double.compare(a[0], b[0]));
            long right = 0;
            long wrongSoFar = 0;
            double[] best = {0, 0};
            for (int i = 0; i < byP.size(); i++) {
                if (byP.get(i)[1] > 0) {
                    right++;
                } else {
                    wrongSoFar++;
                }
                boolean lastOfTie = i + 1 == byP.size() || byP.get(i + 1)[0] > byP.get(i)[0];
                if (lastOfTie && wrongSoFar <= wrong) {
                    best = new double[] {(double) right / runs, (double) wrongSoFar / runs};
                }
            }
            return best;
        }
    }

    /** The pairs plain search's confirmation boots of its answer and the commit before it. */
    static final int PLAIN_CONFIRM_PAIRS = 5;

    /** Bisector's settings for a profile of PROFILE_BOOTS first and PROFILE_MOST at most. */
    static Bisection.Settings settings() {
        Bisection.Settings s = Bisection.Settings.standard();
        int most = Math.max(s.maxPairs(), PROFILE_MOST);
        return new Bisection.Settings(s.initialPairs(), most, 2 * most, s.searchAlpha(), s.blameAlpha(),
                s.minEffectPct(), s.maxBoots());
    }

    /**
     * runs bisections of n commits with one step; buildSd: the builds'
     * scatter the bisection is told (0: none, as before calibration).
     */
    static Tally simulate(Noise noise, int n, double step, int runs, long seed, double buildSd) {
        Tally t = new Tally();
        SplittableRandom rnd = new SplittableRandom(seed);
        Bisection b = new Bisection(settings(), buildSd);
        for (int k = 0; k < runs; k++) {
            int truth = 1 + rnd.nextInt(n);
            Range range = new Range(n, truth, step, noise, rnd.split());
            Bisection.Result r = b.run(n, List.of(), range.ends(b, n), range);
            t.runs++;
            t.boots += r.boots();
            if (r instanceof Bisection.Result.Culprit c) {
                t.named++;
                t.wrong += c.index() == truth ? 0 : 1;
            }
            Range again = new Range(n, truth, step, noise, rnd.split());
            long[] pb = {0};
            int answer = BisectBench.plain(again::draw, n, pb);
            t.plainWrong += answer == truth ? 0 : 1;
            t.plainBoots += pb[0] + 2 * PLAIN_CONFIRM_PAIRS;
            t.confirmed.add(new double[] {confirmation(again, answer, step), answer == truth ? 1 : 0});
        }
        return t;
    }

    /**
     * The one-sided Welch p that commit answer is slower than the one
     * before it (the ends' direction), from PLAIN_CONFIRM_PAIRS fresh pairs.
     */
    static double confirmation(Range r, int answer, double step) {
        double[] before = new double[PLAIN_CONFIRM_PAIRS];
        double[] at = new double[PLAIN_CONFIRM_PAIRS];
        for (int k = 0; k < PLAIN_CONFIRM_PAIRS; k++) {
            before[k] = r.draw(answer - 1);
            at[k] = r.draw(answer);
        }
        double two = new org.hipparchus.stat.inference.TTest().tTest(at, before);
        boolean slower = org.hipparchus.stat.StatUtils.mean(at) > org.hipparchus.stat.StatUtils.mean(before);
        return slower == step > 0 ? two / 2 : 1 - two / 2;
    }

    static List<Noise> models() {
        return List.of(new Noise("Gaussian boots, no build offsets", 0.02, false, 0, false),
                new Noise("Gaussian boots, build offsets sd 2%", 0.02, false, 0.02, false),
                new Noise("t3 boots, build offsets sd 2%", 0.02, true, 0.02, false),
                new Noise("Gaussian boots, builds 0 or +3% (bimodal)", 0.02, false, 0, true));
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        double told = args.length > 1 ? Double.parseDouble(args[1]) / 100 : 0;
        List<Noise> models = models();
        ExecutorService pool = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
        List<Future<Tally>> tallies = new ArrayList<>();
        for (int m = 0; m < models.size(); m++) {
            for (int st = 0; st < STEPS.length; st++) {
                for (int c = 0; c < COMMITS.length; c++) {
                    Noise noise = models.get(m);
                    int n = COMMITS[c];
                    double step = STEPS[st];
                    long seed = 20261203L * 31 + m * 100 + st * 10 + c;
                    tallies.add(pool.submit(() -> simulate(noise, n, step, runs, seed, told)));
                }
            }
        }
        System.out.printf(Locale.ROOT, "%d bisections per setting, ends measured as a job of %d boots (at most %d)"
                + " measures them, boot CV 2%%, the bisection told builds scatter by %.1f%%; cells: culprit named /"
                + " wrong culprit (of all runs) / mean boots, for 16 | 64 | 256 commits; plain: wrong / boots%n%n",
                runs, PROFILE_BOOTS, PROFILE_MOST, told * 100);
        System.out.println("| noise | step | fsnbot 16 | fsnbot 64 | fsnbot 256 | plain 16 | plain 64 | plain 256 |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        List<Tally> done = new ArrayList<>();
        for (Future<Tally> f : tallies) {
            done.add(f.get());
        }
        int i = 0;
        for (Noise noise : models) {
            for (double step : STEPS) {
                StringBuilder ours = new StringBuilder();
                StringBuilder plain = new StringBuilder();
                for (int c = 0; c < COMMITS.length; c++) {
                    Tally t = done.get(i++);
                    ours.append(String.format(Locale.ROOT, " %.1f%% / %.1f%% / %.0f |", 100.0 * t.named / t.runs,
                            100.0 * t.wrong / t.runs, (double) t.boots / t.runs));
                    plain.append(String.format(Locale.ROOT, " %.1f%% / %.0f |", 100.0 * t.plainWrong / t.runs,
                            (double) t.plainBoots / t.runs));
                }
                System.out.printf(Locale.ROOT, "| %s | %.0f%% |%s%s%n", noise.name(), step * 100, ours, plain);
            }
        }
        System.out.printf(Locale.ROOT, "%nAt matched wrong culprits: plain search, its answer then confirmed against"
                + " the commit before it (%d fresh pairs, one-sided Welch), named only at the least p that names a"
                + " wrong commit in no more runs than fsnbot did; cells: right / wrong (of all runs) / mean boots,"
                + " fsnbot's beside it%n%n", PLAIN_CONFIRM_PAIRS);
        System.out.println("| noise | step | fsnbot 16 | confirmed plain 16 | fsnbot 64 | confirmed plain 64 | fsnbot 256"
                + " | confirmed plain 256 |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        i = 0;
        for (Noise noise : models) {
            for (double step : STEPS) {
                StringBuilder row = new StringBuilder();
                for (int c = 0; c < COMMITS.length; c++) {
                    Tally t = done.get(i++);
                    double[] m = t.plainAtMatchedWrong();
                    row.append(String.format(Locale.ROOT, " %.1f%% / %.1f%% / %.0f | %.1f%% / %.1f%% / %.0f |",
                            100.0 * (t.named - t.wrong) / t.runs, 100.0 * t.wrong / t.runs, (double) t.boots / t.runs,
                            100 * m[0], 100 * m[1], (double) t.plainBoots / t.runs));
                }
                System.out.printf(Locale.ROOT, "| %s | %.0f%% |%s%n", noise.name(), step * 100, row);
            }
        }
        pool.shutdown();
    }
}
