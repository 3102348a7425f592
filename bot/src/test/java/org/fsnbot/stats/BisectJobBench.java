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
 * (three boots a side a step, bad past half the ends' change).
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
    }

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
            t.plainWrong += BisectBench.plain(again::draw, n, pb) == truth ? 0 : 1;
            t.plainBoots += pb[0];
        }
        return t;
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
        int i = 0;
        for (Noise noise : models) {
            for (double step : STEPS) {
                StringBuilder ours = new StringBuilder();
                StringBuilder plain = new StringBuilder();
                for (int c = 0; c < COMMITS.length; c++) {
                    Tally t = tallies.get(i++).get();
                    ours.append(String.format(Locale.ROOT, " %.1f%% / %.1f%% / %.0f |", 100.0 * t.named / t.runs,
                            100.0 * t.wrong / t.runs, (double) t.boots / t.runs));
                    plain.append(String.format(Locale.ROOT, " %.1f%% / %.0f |", 100.0 * t.plainWrong / t.runs,
                            (double) t.plainBoots / t.runs));
                }
                System.out.printf(Locale.ROOT, "| %s | %.0f%% |%s%s%n", noise.name(), step * 100, ours, plain);
            }
        }
        pool.shutdown();
    }
}
