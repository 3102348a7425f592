package org.fsnbot.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A noise-aware bisection over commits 0 (good) .. n (bad) (docs/bisect.md):
 *
 * 1. the ends: n against 0 must change at all (BisectJudge.endpoint), or
 *    "no single commit reproduces the change";
 * 2. binary search: each step's kernel against the good end, judged good
 *    or bad by which end its change is nearer (BisectJudge.judge), with
 *    more boots while unclear; a step that stays unclear ends the search
 *    unclear, never guessed; a kernel that does not build or boot is
 *    skipped as git bisect skip does, and named;
 * 3. confirmation: the candidate against its parent must be bad too, or
 *    no commit is named.
 *
 * Error. Only the confirmation names a commit, and a wrong name needs it
 * to call bad a commit that changed nothing: whatever went wrong before
 * it, a search that took a wrong turn ends on two neighbours on the same
 * side of the true culprit, whose levels are equal. So the confirmation is
 * judged at blameAlpha (Bonferroni over its looks), which bounds the
 * chance of a wrong name; the ends and the search at the looser
 * searchAlpha, whose errors can only cost an answer ("unclear", "no single
 * commit"), never a wrong one. The measuring is the caller's (Kernels):
 * real builds and boots, or a simulation.
 *
 * Longer than 250 lines because the search, its stopping rule and the
 * records it answers in are one argument about error that reads best in
 * one place.
 */
public final class Bisection {

    /**
     * How the measuring goes: pairs booted first, at most per search step
     * and per confirmation; the search's and the blame's error; the
     * minimum effect; the boot budget.
     */
    public record Settings(int initialPairs, int maxPairs, int confirmPairs, double searchAlpha, double blameAlpha,
            double minEffectPct, int maxBoots) {
        public Settings {
            if (initialPairs < 2 || maxPairs < initialPairs || confirmPairs < maxPairs
                    || !(searchAlpha > 0 && searchAlpha < 0.5) || !(blameAlpha > 0 && blameAlpha <= searchAlpha)
                    || maxBoots < 4) {
                throw new IllegalArgumentException("need 2 <= initialPairs <= maxPairs <= confirmPairs,"
                        + " 0 < blameAlpha <= searchAlpha < 0.5, maxBoots >= 4");
            }
        }

        /** docs/bisect.md's: 3 pairs first, 16 at most a search step, 32 the confirmation, 5% and 1%. */
        public static Settings standard() {
            return new Settings(3, 16, 32, 0.05, 0.01, Significance.MIN_EFFECT_PCT, 400);
        }
    }

    /** How many pairs a measurement boots first, and at most. */
    public record Pairs(int initial, int max) {

        /**
         * The pair counts a judgement looks at: the first, then half as
         * many again each time, and the most. Looking at every pair would
         * split the error over many more looks for little sooner an answer.
         */
        public List<Integer> looks() {
            List<Integer> out = new ArrayList<>();
            for (int k = initial; k < max; k = Math.max(k + 1, (int) Math.round(k * 1.5))) {
                out.add(k);
            }
            out.add(max);
            return out;
        }
    }

    /** Judges the log per-boot values of the against kernel and of the measured one, at a look of a judgement. */
    @FunctionalInterface
    public interface Rule {
        BisectJudge.Judgement judge(double[] against, double[] measured);
    }

    /** What measuring one kernel against another gave. */
    public sealed interface Measurement {
        int boots();

        /** The judgement after the pairs the rule wanted. */
        record Done(BisectJudge.Judgement judgement, int boots) implements Measurement {
        }

        /** One of the kernels did not build or boot (why): no judgement. */
        record Skipped(String why, int boots) implements Measurement {
        }
    }

    /** Measures kernel i against kernel j, pairs.initial() pairs then one at a time while rule says unclear. */
    @FunctionalInterface
    public interface Kernels {
        Measurement measure(int i, int j, Rule rule, Pairs pairs);

        /** Whether a budget of the caller's (wall time) is spent: the search then stops where it is. */
        default boolean exhausted() {
            return false;
        }
    }

    /** One measured step: the kernel, what it was measured against, and what it gave. */
    public record Step(int index, int against, Measurement measurement) {
    }

    /** How a bisection ended, with its steps and the boots it used. */
    public sealed interface Result {
        List<Step> steps();

        default int boots() {
            return steps().stream().mapToInt(s -> s.measurement().boots()).sum();
        }

        /** Commit index, confirmed against its parent. */
        record Culprit(int index, List<Step> steps) implements Result {
        }

        /** The ends do not differ clearly enough, or no single commit carries the change. */
        record NoSingleCommit(String why, List<Step> steps) implements Result {
        }

        /** A step stayed unclear after the most boots: the culprit is in (lo, hi]. */
        record Unclear(int lo, int hi, int at, List<Step> steps) implements Result {
        }

        /** Every commit left in (lo, hi) was skipped: the culprit is one of these. */
        record Ambiguous(List<Integer> candidates, List<Step> steps) implements Result {
        }

        /** The boot budget ran out: the culprit is in (lo, hi]. */
        record BudgetSpent(int lo, int hi, List<Step> steps) implements Result {
        }
    }

    private final Settings settings;
    private final double buildVar;

    public Bisection(Settings settings) {
        this(settings, 0);
    }

    /**
     * As Bisection(settings), every two kernels also differing by builds
     * whose levels scatter with standard deviation buildSd (log units)
     * whatever the code does (layout, alignment): each comparison's
     * interval carries both builds' variance, which more boots do not
     * shrink, so a change within reach of two builds' scatter is not
     * blamed on one commit.
     */
    public Bisection(Settings settings, double buildSd) {
        this.settings = Objects.requireNonNull(settings);
        if (!(buildSd >= 0 && buildSd < 1)) {
            throw new IllegalArgumentException("a build's scatter is a log standard deviation in [0, 1): " + buildSd);
        }
        this.buildVar = 2 * buildSd * buildSd;
    }

    /** The ends alone, judged as run(n, kernels) judges them (a change at all), from their log per-boot values. */
    public BisectJudge.Judgement endpoint(double[] good, double[] bad) {
        return BisectJudge.endpoint(good, bad, settings.searchAlpha() / search().looks().size(),
                settings.minEffectPct());
    }

    private Pairs search() {
        return new Pairs(settings.initialPairs(), settings.maxPairs());
    }

    private Pairs confirmation() {
        return new Pairs(settings.initialPairs(), settings.confirmPairs());
    }

    /** A judgement at alpha over its looks (Bonferroni); between looks it is unclear, with the change so far. */
    @FunctionalInterface
    private interface AtAlpha {
        BisectJudge.Judgement judge(double[] against, double[] measured, double alpha);
    }

    private static Rule atLooks(Pairs pairs, double alpha, AtAlpha judge) {
        List<Integer> looks = pairs.looks();
        double each = alpha / looks.size();
        return (g, m) -> {
            BisectJudge.Judgement j = judge.judge(g, m, each);
            return looks.contains(Math.min(g.length, m.length)) ? j
                    : new BisectJudge.Judgement(BisectJudge.Call.UNCLEAR, j.logChange(), j.lowLog(), j.highLog(),
                            j.boots());
        };
    }

    public Result run(int n, Kernels kernels) {
        return run(n, List.of(), kernels);
    }

    /**
     * As run(n, kernels), probing the focus commits first (indices in
     * 1..n-1: in a large range, the ones touching fsnotify's paths) until
     * none is left between the good and bad found, then the commits
     * between those two.
     */
    public Result run(int n, List<Integer> focus, Kernels kernels) {
        requireCommits(n);
        return run(n, focus, kernels.measure(n, 0, atLooks(search(), settings.searchAlpha(), (g, b, a) ->
                BisectJudge.endpoint(g, b, a, settings.minEffectPct())), search()), kernels);
    }

    /**
     * As run(n, focus, kernels), from ends the caller measured already by
     * a stopping rule of its own (a job's): judged by endpoint() at
     * whatever count of boots they took, not only at the search's looks,
     * whose counts a rule of another's need not stop at.
     */
    public Result run(int n, List<Integer> focus, Measurement end, Kernels kernels) {
        requireCommits(n);
        List<Integer> probeFirst = focus.stream().filter(f -> f > 0 && f < n).distinct().sorted().toList();
        Pairs search = search();
        List<Step> steps = new ArrayList<>();
        steps.add(new Step(n, 0, end));
        Optional<BisectJudge.Judgement> ends = judged(end);
        if (ends.isEmpty()) {
            return new Result.NoSingleCommit("the ends could not be measured: "
                    + ((Measurement.Skipped) end).why(), steps);
        }
        if (ends.get().call() != BisectJudge.Call.BAD) {
            return new Result.NoSingleCommit(ends.get().call() == BisectJudge.Call.GOOD
                    ? "the bad end does not differ from the good end"
                    : "the ends do not differ clearly enough to bisect", steps);
        }
        double effect = ends.get().logChange();
        Rule half = atLooks(search, settings.searchAlpha(), (g, m, a) -> BisectJudge.judge(g, m, effect, a));
        int lo = 0;
        int hi = n;
        List<Integer> skipped = new ArrayList<>();
        while (true) {
            Optional<Integer> mid = BisectionOrder.next(lo, hi, skipped, probeFirst);
            if (mid.isEmpty()) {
                break;
            }
            if (boots(steps) >= settings.maxBoots() || kernels.exhausted()) {
                return new Result.BudgetSpent(lo, hi, steps);
            }
            Measurement m = kernels.measure(mid.get(), 0, half, search);
            steps.add(new Step(mid.get(), 0, m));
            Optional<BisectJudge.Judgement> j = judged(m);
            if (j.isEmpty()) {
                skipped.add(mid.get());
            } else if (j.get().call() == BisectJudge.Call.BAD) {
                hi = mid.get();
            } else if (j.get().call() == BisectJudge.Call.GOOD) {
                lo = mid.get();
            } else {
                return new Result.Unclear(lo, hi, mid.get(), steps);
            }
        }
        if (hi - lo > 1) {
            List<Integer> left = new ArrayList<>();
            for (int i = lo + 1; i <= hi; i++) {
                left.add(i);
            }
            return new Result.Ambiguous(left, steps);
        }
        Measurement c = kernels.measure(hi, lo, atLooks(confirmation(), settings.blameAlpha(), (g, m, a) ->
                BisectJudge.blame(g, m, effect, a, buildVar)), confirmation());
        steps.add(new Step(hi, lo, c));
        Optional<BisectJudge.Judgement> confirmed = judged(c);
        if (confirmed.isPresent() && confirmed.get().call() == BisectJudge.Call.BAD) {
            return new Result.Culprit(hi, steps);
        }
        return new Result.NoSingleCommit(confirmed.isEmpty() ? "the candidate's parent could not be measured"
                : "commit " + hi + " against its parent does not carry the change", steps);
    }

    private static void requireCommits(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("a bisection needs at least one commit");
        }
    }

    private static int boots(List<Step> steps) {
        return steps.stream().mapToInt(s -> s.measurement().boots()).sum();
    }

    private static Optional<BisectJudge.Judgement> judged(Measurement m) {
        return m instanceof Measurement.Done d ? Optional.of(d.judgement()) : Optional.empty();
    }
}
