package org.fsnbot.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * Bisection over simulated kernels: commit i's boots are level(i) plus
 * 1% Gaussian noise (log, unless a case says otherwise), drawn from a fixed seed, so each case is one
 * reproducible bisection with the statistics doing the deciding.
 */
class BisectionTest {

    private static final double NOISE = 0.01;

    /** Kernels whose level a function gives, some of which do not build; every measurement recorded. */
    private static class Simulated implements Bisection.Kernels {
        private final IntToDoubleFunction level;
        private final Set<Integer> broken;
        private final double noise;
        private final SplittableRandom rnd = new SplittableRandom(17);
        final List<int[]> measured = new ArrayList<>();

        Simulated(IntToDoubleFunction level, Set<Integer> broken) {
            this(level, broken, NOISE);
        }

        Simulated(IntToDoubleFunction level, Set<Integer> broken, double noise) {
            this.level = level;
            this.broken = broken;
            this.noise = noise;
        }

        @Override
        public Bisection.Measurement measure(int i, int j, Bisection.Rule rule, Bisection.Pairs p) {
            measured.add(new int[] {i, j});
            if (broken.contains(i) || broken.contains(j)) {
                return new Bisection.Measurement.Skipped("commit " + i + " does not build", 0);
            }
            List<Double> a = new ArrayList<>();
            List<Double> b = new ArrayList<>();
            BisectJudge.Judgement last = null;
            for (int pairs = 1; pairs <= p.max(); pairs++) {
                a.add(level.applyAsDouble(j) + noise * rnd.nextGaussian());
                b.add(level.applyAsDouble(i) + noise * rnd.nextGaussian());
                if (pairs >= p.initial()) {
                    last = rule.judge(a.stream().mapToDouble(x -> x).toArray(),
                            b.stream().mapToDouble(x -> x).toArray());
                    if (last.call() != BisectJudge.Call.UNCLEAR) {
                        break;
                    }
                }
            }
            return new Bisection.Measurement.Done(last, 2 * a.size());
        }
    }

    private static IntToDoubleFunction stepAt(int culprit, double pct) {
        return i -> i >= culprit ? Math.log1p(pct / 100) : 0;
    }

    private final Bisection bisection = new Bisection(Bisection.Settings.standard());

    @Test
    void aTenPercentStepIsNamedAtEachPositionAndConfirmedAgainstItsParent() {
        for (int culprit = 1; culprit <= 8; culprit++) {
            Simulated k = new Simulated(stepAt(culprit, 10), Set.of());
            Bisection.Result r = bisection.run(8, k);
            int at = culprit;
            assertThat(r).as("culprit at %d", culprit).isInstanceOfSatisfying(Bisection.Result.Culprit.class,
                    c -> assertThat(c.index()).isEqualTo(at));
            assertThat(r.steps()).hasSizeLessThanOrEqualTo(BisectionOrder.maxJudgements(8)).hasSizeLessThanOrEqualTo(5);
            assertThat(k.measured.get(0)).as("the ends first").containsExactly(8, 0);
            assertThat(k.measured.get(k.measured.size() - 1)).as("the confirmation").containsExactly(culprit,
                    culprit - 1);
        }
    }

    @Test
    void endsThatDoNotDifferNameNoCommitAfterOneStep() {
        // 10% noise cannot prove the ends within 2% of each other in 16 pairs: "not clearly".
        Bisection.Result r = bisection.run(8, new Simulated(i -> 0, Set.of(), 0.10));
        assertThat(r).isInstanceOfSatisfying(Bisection.Result.NoSingleCommit.class,
                n -> assertThat(n.why()).contains("the ends do not differ clearly enough"));
        Bisection.Result quiet = new Bisection(Bisection.Settings.standard()).run(8, new Simulated(i -> 0, Set.of()) {
            @Override
            public Bisection.Measurement measure(int i, int j, Bisection.Rule rule, Bisection.Pairs p) {
                // 0.1% noise: 16 boots show the ends the same within 2%.
                double[] a = new double[8];
                double[] b = new double[8];
                for (int k = 0; k < 8; k++) {
                    a[k] = 0.001 * Math.sin(k);
                    b[k] = 0.001 * Math.cos(k);
                }
                return new Bisection.Measurement.Done(rule.judge(a, b), 16);
            }
        });
        assertThat(quiet).isInstanceOfSatisfying(Bisection.Result.NoSingleCommit.class,
                n -> assertThat(n.why()).contains("the bad end does not differ from the good end"));
        assertThat(r.steps()).hasSize(1);
    }

    @Test
    void endsAJobMeasuredAtACountThatIsNoLookOfTheSearchAreStillJudged() {
        // A job's own stopping rule may stop the ends at 4, 6, 10 or 11 boots a side, none of them a look.
        SplittableRandom rnd = new SplittableRandom(3);
        for (int pairs : new int[] {4, 6, 10, 11}) {
            double[] good = new double[pairs];
            double[] bad = new double[pairs];
            for (int k = 0; k < pairs; k++) {
                good[k] = NOISE * rnd.nextGaussian();
                bad[k] = Math.log1p(0.20) + NOISE * rnd.nextGaussian();
            }
            Bisection.Measurement ends = new Bisection.Measurement.Done(bisection.endpoint(good, bad), 2 * pairs);
            Bisection.Result r = bisection.run(8, List.of(), ends, new Simulated(stepAt(5, 20), Set.of()));
            assertThat(r).as("%d pairs at the ends", pairs).isInstanceOfSatisfying(Bisection.Result.Culprit.class,
                    c -> assertThat(c.index()).isEqualTo(5));
            assertThat(r.steps().get(0).measurement()).isSameAs(ends);
        }
    }

    @Test
    void aLayoutOffsetPastHalfTheChangeIsNamedOnBootsAloneButNotOnceTheBuildsScatterIsKnown() {
        // 6% at commit 5; commit 4's build sits 5% high by its layout alone: the search turns wrong at 4 and
        // ends on 3 and 4, whose 5% is past half the ends' change and clear on boots.
        IntToDoubleFunction levels = i -> i >= 5 ? Math.log1p(0.06) : i == 4 ? Math.log1p(0.05) : 0;
        assertThat(bisection.run(8, new Simulated(levels, Set.of()))).as("boots alone: a wrong name")
                .isInstanceOfSatisfying(Bisection.Result.Culprit.class, c -> assertThat(c.index()).isEqualTo(4));
        Bisection scatter = new Bisection(Bisection.Settings.standard(), Math.log1p(0.02));
        assertThat(scatter.run(8, new Simulated(levels, Set.of()))).as("builds scatter by 2%: no name")
                .isInstanceOfSatisfying(Bisection.Result.NoSingleCommit.class,
                        n -> assertThat(n.why()).contains("commit 4 against its parent does not carry the change"));
        assertThat(scatter.run(8, new Simulated(stepAt(5, 20), Set.of()))).as("a 20% step stands out of it")
                .isInstanceOfSatisfying(Bisection.Result.Culprit.class, c -> assertThat(c.index()).isEqualTo(5));
    }

    @Test
    void aChangeSpreadOverCommitsFailsTheConfirmation() {
        // 10% each at commits 2, 4 and 6: the ends differ by 33%, and no commit against its parent by half that.
        Bisection.Result r = bisection.run(8, new Simulated(i -> Math.log1p(0.10) * ((i >= 2 ? 1 : 0)
                + (i >= 4 ? 1 : 0) + (i >= 6 ? 1 : 0)), Set.of()));
        assertThat(r).isInstanceOfSatisfying(Bisection.Result.NoSingleCommit.class,
                n -> assertThat(n.why()).contains("against its parent does not carry the change"));
    }

    @Test
    void aKernelThatDoesNotBuildIsSkippedAndTheSearchGoesOn() {
        Simulated k = new Simulated(stepAt(6, 10), Set.of(4));
        Bisection.Result r = bisection.run(8, k);
        assertThat(r).isInstanceOfSatisfying(Bisection.Result.Culprit.class, c -> assertThat(c.index()).isEqualTo(6));
        assertThat(r.steps()).filteredOn(s -> s.measurement() instanceof Bisection.Measurement.Skipped)
                .extracting(Bisection.Step::index).containsExactly(4);
    }

    @Test
    void whenEveryCommitLeftIsSkippedTheCandidatesAreNamedNotOne() {
        Bisection.Result r = bisection.run(8, new Simulated(stepAt(5, 10), Set.of(4, 5)));
        assertThat(r).isInstanceOfSatisfying(Bisection.Result.Ambiguous.class,
                a -> assertThat(a.candidates()).containsExactly(4, 5, 6).doesNotContain(3));
    }

    @Test
    void aKernelHalfWayBetweenTheEndsStaysUnclearAndIsNotGuessed() {
        // Commit 4 sits at exactly half the ends' change: neither like the good end nor like the bad one.
        Bisection.Result r = bisection.run(8, new Simulated(i -> i < 4 ? 0 : i == 4 ? Math.log1p(0.10) / 2
                : Math.log1p(0.10), Set.of()));
        assertThat(r).isInstanceOfSatisfying(Bisection.Result.Unclear.class, u -> {
            assertThat(u.at()).isEqualTo(4);
            assertThat(u.lo()).isZero();
            assertThat(u.hi()).isEqualTo(8);
        });
        Bisection.Step last = r.steps().get(r.steps().size() - 1);
        assertThat(last.measurement().boots()).as("more boots first, up to the most").isEqualTo(2 * Bisection.Settings.standard().maxPairs());
    }

    @Test
    void theBootBudgetStopsTheSearchWithTheRangeLeft() {
        Bisection b = new Bisection(new Bisection.Settings(3, 8, 16, 0.05, 0.01, Significance.MIN_EFFECT_PCT, 12));
        Bisection.Result r = b.run(64, new Simulated(stepAt(40, 10), Set.of()));
        assertThat(r).isInstanceOfSatisfying(Bisection.Result.BudgetSpent.class, x -> {
            assertThat(x.lo()).isLessThan(40);
            assertThat(x.hi()).isGreaterThanOrEqualTo(40);
        });
        assertThat(r.boots()).isGreaterThanOrEqualTo(12);
    }

    @Test
    void aFocusIsSearchedFirstThenTheCommitsBetweenTheTwoFound() {
        List<Integer> focus = List.of(10, 40, 45, 70, 90);
        Simulated k = new Simulated(stepAt(43, 20), Set.of());
        Bisection.Result r = bisection.run(100, focus, k);
        assertThat(r).isInstanceOfSatisfying(Bisection.Result.Culprit.class, c -> assertThat(c.index()).isEqualTo(43));
        List<Integer> probed = r.steps().stream().map(Bisection.Step::index).toList().subList(1, r.steps().size() - 1);
        int firstOutside = 0;
        while (firstOutside < probed.size() && focus.contains(probed.get(firstOutside))) {
            firstOutside++;
        }
        assertThat(probed.subList(0, firstOutside)).as("focus commits first").isNotEmpty().contains(40, 45);
        assertThat(probed.subList(firstOutside, probed.size())).as("then only between 40 and 45")
                .allMatch(i -> i > 40 && i < 45);
        assertThat(r.steps()).hasSizeLessThanOrEqualTo(BisectionOrder.maxJudgements(100, focus));
    }

    @Test
    void theErrorIsSplitOverTheMostJudgementsABisectionCanMake() {
        assertThat(BisectionOrder.maxJudgements(8)).isEqualTo(5);
        assertThat(BisectionOrder.maxJudgements(9)).isEqualTo(6);
        assertThat(BisectionOrder.maxJudgements(1)).isEqualTo(3);
        // 5 focus commits: 6 gaps (3 steps), widest gap 30 (5 steps), the ends and the confirmation.
        assertThat(BisectionOrder.maxJudgements(100, List.of(10, 40, 45, 70, 90))).isEqualTo(10);
        assertThat(BisectionOrder.maxJudgements(100, List.of())).isEqualTo(9);
    }
}
