package org.fsnbot.stats;

import org.hipparchus.distribution.continuous.TDistribution;

/**
 * The one question a bisection asks of a kernel (docs/bisect.md): is it
 * like the good end or like the bad end? The endpoints' change Δ (log) is
 * known; a kernel whose change against the good end has a Welch interval
 * (on log per-boot values) wholly beyond Δ/2 is bad, wholly short of it
 * good, and otherwise unclear, to be measured more or reported unclear.
 * This asks far less of the noise than "no significant change" would
 * (an interval inside ±2%), and a wrong call needs the noise to carry the
 * change half-way to the other end with the interval's confidence. The
 * endpoints themselves are judged as a change at all: an interval that
 * excludes no change, at least the minimum effect.
 */
public final class BisectJudge {

    /** What a kernel is, compared with the good end. */
    public enum Call {
        GOOD, BAD, UNCLEAR
    }

    /** A call with its evidence: the change (log), its interval, boots a side. */
    public record Judgement(Call call, double logChange, double lowLog, double highLog, int boots) {

        public double changePct() {
            return Math.expm1(logChange) * 100;
        }

        public double lowPct() {
            return Math.expm1(lowLog) * 100;
        }

        public double highPct() {
            return Math.expm1(highLog) * 100;
        }
    }

    private BisectJudge() {
    }

    /** Judges step against good (log per-boot values) for an endpoint change of effectLog, at level 1 - alpha. */
    public static Judgement judge(double[] good, double[] step, double effectLog, double alpha) {
        double[] ci = interval(good, step, alpha, 0);
        double d = ci[0];
        double half = effectLog / 2;
        Call c;
        if (Double.isNaN(ci[1])) {
            c = Call.UNCLEAR;
        } else if (effectLog > 0 ? ci[1] > half : ci[2] < half) {
            c = Call.BAD;
        } else if (effectLog > 0 ? ci[2] < half : ci[1] > half) {
            c = Call.GOOD;
        } else {
            c = Call.UNCLEAR;
        }
        return new Judgement(c, d, ci[1], ci[2], Math.min(good.length, step.length));
    }

    /**
     * Whether bad changed against good at all: BAD when the interval
     * excludes no change and the change is at least minEffectPct, GOOD when
     * the interval lies inside the ±minEffectPct band, UNCLEAR otherwise.
     */
    public static Judgement endpoint(double[] good, double[] bad, double alpha, double minEffectPct) {
        double[] ci = interval(good, bad, alpha, 0);
        double band = Math.log1p(minEffectPct / 100);
        Call c;
        if (Double.isNaN(ci[1])) {
            c = Call.UNCLEAR;
        } else if ((ci[1] > 0 || ci[2] < 0) && Math.abs(ci[0]) >= band) {
            c = Call.BAD;
        } else if (ci[1] > -band && ci[2] < band) {
            c = Call.GOOD;
        } else {
            c = Call.UNCLEAR;
        }
        return new Judgement(c, ci[0], ci[1], ci[2], Math.min(good.length, bad.length));
    }

    /**
     * The confirmation's call on a candidate against its parent: BAD when
     * its change is past half the ends' (judge: boots' noise only, which
     * more boots resolve) and also a change at all beyond two builds'
     * scatter, buildVar (log units squared), which no number of boots
     * removes: a commit that changed nothing still differs from its parent
     * by its layout, and a search that took a wrong turn ends on two such
     * neighbours. With buildVar 0, judge's call.
     */
    public static Judgement blame(double[] parent, double[] candidate, double effectLog, double alpha,
            double buildVar) {
        Judgement past = judge(parent, candidate, effectLog, alpha);
        if (past.call() != Call.BAD || buildVar == 0) {
            return past;
        }
        double[] beyondBuilds = interval(parent, candidate, alpha, buildVar);
        boolean changed = effectLog > 0 ? beyondBuilds[1] > 0 : beyondBuilds[2] < 0;
        return changed ? past : new Judgement(Call.UNCLEAR, past.logChange(), past.lowLog(), past.highLog(),
                past.boots());
    }

    /**
     * The difference of mean logs and its Welch interval at 1 - alpha,
     * widened by buildVar (known, so it adds no degrees of freedom); NaN
     * bounds with fewer than two a side.
     */
    static double[] interval(double[] a, double[] b, double alpha, double buildVar) {
        double ma = mean(a);
        double mb = mean(b);
        double d = mb - ma;
        if (a.length < 2 || b.length < 2) {
            return new double[] {d, Double.NaN, Double.NaN};
        }
        double va = var(a, ma) / a.length;
        double vb = var(b, mb) / b.length;
        double se = Math.sqrt(va + vb + buildVar);
        if (!(va + vb > 0)) {
            // Identical values on both sides: no noise estimate, so no interval worth the name.
            return new double[] {d, Double.NaN, Double.NaN};
        }
        // Satterthwaite's degrees of freedom, the builds' variance a known term (infinitely many).
        double df = (va + vb + buildVar) * (va + vb + buildVar) / (va * va / (a.length - 1) + vb * vb
                / (b.length - 1));
        double t = new TDistribution(Math.max(1, df)).inverseCumulativeProbability(1 - alpha / 2);
        return new double[] {d, d - t * se, d + t * se};
    }

    private static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s / x.length;
    }

    private static double var(double[] x, double m) {
        double s = 0;
        for (double v : x) {
            s += (v - m) * (v - m);
        }
        return s / (x.length - 1);
    }
}
