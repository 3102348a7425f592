package org.fsnbot.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fsnbot.run.MetricInfo;
import org.fsnbot.run.MetricKey;
import org.fsnbot.run.Sample;
import org.fsnbot.run.Side;
import org.junit.jupiter.api.Test;

class ChangeEstimatorTest {

    private static final MetricPolicy POLICY = new MetricPolicy(
            Map.of("w", Set.of("t")), Map.of("w", 2.0), 0.05);

    private static List<Sample> samples(String metric, String unit, boolean lower, double[] base, double[] patched) {
        List<Sample> s = new ArrayList<>();
        for (int i = 0; i < base.length; i++) {
            s.add(new Sample(Side.BASE, i, 0, new MetricKey("w", "parent", metric), new MetricInfo("mode", unit, lower), base[i]));
        }
        for (int i = 0; i < patched.length; i++) {
            s.add(new Sample(Side.PATCHED, i, 0, new MetricKey("w", "parent", metric), new MetricInfo("mode", unit, lower), patched[i]));
        }
        return s;
    }

    @Test
    void welchOnLogsMatchesScipy() {
        // Reference: scipy.stats.ttest_ind(log(p), log(b), equal_var=False) and
        // the Welch-Satterthwaite interval exponentiated (scipy 1.17.1).
        Comparison c = new ChangeEstimator(POLICY).compare(samples("t", "ns", true,
                new double[] {100, 104, 98}, new double[] {110, 115, 108}));
        MetricComparison m = c.metrics().get(0);
        assertThat(m.change().pValue()).isCloseTo(0.018844026048666387, within(1e-9));
        assertThat(m.changePct()).isCloseTo(10.260076298458355, within(1e-9));
        assertThat(m.change().ciLowPct()).isCloseTo(2.7017859265199284, within(1e-6));
        assertThat(m.change().ciHighPct()).isCloseTo(18.374615549918772, within(1e-6));
        assertThat(m.verdict()).contains(Verdict.REGRESSION);
        assertThat(c.overall()).isEqualTo(Verdict.REGRESSION);
    }

    @Test
    void identicalBootsNeverGiveAZeroWidthIntervalOrPZero() {
        double[] base = {100, 100, 100};
        double[] patched = {103, 103, 103};
        MetricComparison minimal = new ChangeEstimator(POLICY).compare(samples("t", "ns", true, base, patched))
                .metrics().get(0);
        assertThat(minimal.change().pValue()).isPositive();
        assertThat(minimal.change().ciHighPct() - minimal.change().ciLowPct()).isPositive();
        // No calibration: a side without spread has no noise to judge by, so nothing is called, no interval shown.
        assertThat(minimal.verdict()).contains(Verdict.INCONCLUSIVE);
        assertThat(minimal.why()).contains("all equal");
        assertThat(minimal.intervalExcludesZero()).isFalse();
        MetricComparison oneSideRepeated = new ChangeEstimator(POLICY).compare(samples("t", "ns", true,
                new double[] {100, 100, 100}, new double[] {100.5, 99.8, 100.2})).metrics().get(0);
        assertThat(oneSideRepeated.verdict()).as("not even no change").contains(Verdict.INCONCLUSIVE);
        // Not even after a calibration: boots that are all equal are one run as far as anyone can tell.
        MetricComparison measured = new ChangeEstimator(POLICY.withFloor(new NoiseFloor(0.05, Map.of(
                new MetricKey("w", "parent", "t"), 0.5)))).compare(samples("t", "ns", true, base, patched))
                .metrics().get(0);
        assertThat(measured.verdict()).contains(Verdict.INCONCLUSIVE);
        assertThat(measured.why()).contains("one run");
        // Calibrated boots that vary: 3% against a measured 0.5% is a regression.
        MetricComparison varied = new ChangeEstimator(POLICY.withFloor(new NoiseFloor(0.05, Map.of(
                new MetricKey("w", "parent", "t"), 0.5)))).compare(samples("t", "ns", true,
                        new double[] {100, 100.1, 99.9}, new double[] {103, 103.1, 102.9})).metrics().get(0);
        assertThat(varied.verdict()).contains(Verdict.REGRESSION);
        // On a runner whose calibration measured 2% noise for this metric, 3% in three boots proves nothing.
        NoiseFloor calibrated = new NoiseFloor(0.05, Map.of(new MetricKey("w", "parent", "t"), 2.0));
        MetricComparison floored = new ChangeEstimator(POLICY.withFloor(calibrated)).compare(samples("t", "ns", true,
                base, patched)).metrics().get(0);
        assertThat(floored.verdict()).contains(Verdict.INCONCLUSIVE);
        assertThat(floored.change().ciLowPct()).isNegative();
        // Its floor never narrows what the boots themselves show.
        MetricComparison noisy = new ChangeEstimator(POLICY.withFloor(new NoiseFloor(0.05, Map.of()))).compare(
                samples("t", "ns", true, new double[] {100, 104, 98}, new double[] {110, 115, 108})).metrics().get(0);
        assertThat(noisy.change().pValue()).isCloseTo(0.018844026048666387, within(1e-9));
    }

    @Test
    void equalBootsFsnbotBootedAreADeterministicKernelJudgedWithTheRunnersNoise() {
        MetricKey key = new MetricKey("w", "parent", "t");
        // The runner's noise, measured over 24 earlier base boots of 8 jobs: 0.3%, 16 degrees of freedom.
        MetricPolicy own = POLICY.withOwnBoots().withFloor(new NoiseFloor(0.02, Map.of(key, 0.3), 2.0,
                Map.of(key, 16)));
        MetricComparison regression = new ChangeEstimator(own).compare(samples("t", "ns", true,
                new double[] {57850, 57850, 57850}, new double[] {59200, 59200, 59200})).metrics().get(0);
        assertThat(regression.verdict()).as("+2.3%% over 0.3%% noise, three boots a side").contains(
                Verdict.REGRESSION);
        MetricComparison same = new ChangeEstimator(own).compare(samples("t", "ns", true,
                new double[] {57850, 57850, 57850}, new double[] {57852, 57852, 57852})).metrics().get(0);
        assertThat(same.verdict()).contains(Verdict.NO_SIGNIFICANT_CHANGE);
        assertThat(same.change().ciHighPct()).isLessThan(1.0);
        // The same boots of unknown provenance (compare-runs): one run repeated, as far as anyone can tell.
        MetricComparison unknown = new ChangeEstimator(POLICY.withFloor(own.floor())).compare(samples("t", "ns", true,
                new double[] {57850, 57850, 57850}, new double[] {59200, 59200, 59200})).metrics().get(0);
        assertThat(unknown.verdict()).contains(Verdict.INCONCLUSIVE);
        assertThat(unknown.why()).contains("one run");
        // Nothing measured: the noise assumed while boots are few (2%) holds a 2.3% change back.
        MetricComparison uncalibrated = new ChangeEstimator(POLICY.withOwnBoots().withFloor(NoiseFloor.uncalibrated(
                0.02))).compare(samples("t", "ns", true, new double[] {57850, 57850, 57850},
                        new double[] {59200, 59200, 59200})).metrics().get(0);
        assertThat(uncalibrated.verdict()).contains(Verdict.INCONCLUSIVE);
    }

    @Test
    void aMeasuredFloorLendsTheTestItsDegreesOfFreedom() {
        MetricKey key = new MetricKey("w", "parent", "t");
        double[] base = {1000, 1000.5, 999.5};
        double[] patched = {1012, 1012.5, 1011.5};
        MetricPolicy own = POLICY.withOwnBoots();
        MetricComparison known = new ChangeEstimator(own.withFloor(new NoiseFloor(0.02, Map.of(key, 0.4), 0,
                Map.of(key, 30)))).compare(samples("t", "ns", true, base, patched)).metrics().get(0);
        MetricComparison unknown = new ChangeEstimator(own.withFloor(new NoiseFloor(0.02, Map.of(key, 0.4))))
                .compare(samples("t", "ns", true, base, patched)).metrics().get(0);
        double knownWidth = known.change().ciHighPct() - known.change().ciLowPct();
        double unknownWidth = unknown.change().ciHighPct() - unknown.change().ciLowPct();
        // 0.4% known from 30 degrees of freedom against the same 0.4% as if from the sides' own two each.
        // t at 60 degrees of freedom is 2.00, at 4 it is 2.78.
        assertThat(knownWidth).isLessThan(0.75 * unknownWidth);
        assertThat(known.verdict()).as("+1.2%%, its interval inside the 2%% minimum").contains(
                Verdict.NO_SIGNIFICANT_CHANGE);
        assertThat(unknown.change().ciHighPct()).isGreaterThan(2.0);
        // Boots noisier than the floor keep their own spread and degrees of freedom.
        MetricComparison noisy = new ChangeEstimator(own.withFloor(new NoiseFloor(0.02, Map.of(key, 0.01), 0,
                Map.of(key, 30)))).compare(samples("t", "ns", true, new double[] {100, 104, 98},
                        new double[] {110, 115, 108})).metrics().get(0);
        assertThat(noisy.change().pValue()).isCloseTo(0.018844026048666387, within(1e-9));
    }

    @Test
    void fewUncalibratedBootsInTwoModesAreNoChange() {
        // Three boots in one mode against three in another 3% above, each mode tight: a job on a runner
        // nobody calibrated takes the noise to be at least 2% while boots are few, and calls nothing.
        double[] low = {100, 100.2, 99.9};
        double[] high = {103, 103.1, 102.9};
        MetricComparison job = new ChangeEstimator(POLICY.withFloor(NoiseFloor.uncalibrated(0.1)))
                .compare(samples("t", "ns", true, low, high)).metrics().get(0);
        assertThat(job.verdict()).contains(Verdict.INCONCLUSIVE);
        // Without that assumption the same boots are a regression: what 27% of bimodal A/A reports showed.
        assertThat(new ChangeEstimator(POLICY).compare(samples("t", "ns", true, low, high)).overall())
                .isEqualTo(Verdict.REGRESSION);
        // A tenfold change is one whatever modes the runner has.
        assertThat(new ChangeEstimator(POLICY.withFloor(NoiseFloor.uncalibrated(0.1))).compare(samples("t", "ns",
                true, low, new double[] {1000, 1010, 990})).overall()).isEqualTo(Verdict.REGRESSION);
        // From five boots a side their own spread speaks for them.
        MetricComparison five = new ChangeEstimator(POLICY.withFloor(NoiseFloor.uncalibrated(0.1))).compare(
                samples("t", "ns", true, new double[] {100, 100.2, 99.9, 100.1, 99.8},
                        new double[] {103, 103.1, 102.9, 103.2, 102.8})).metrics().get(0);
        assertThat(five.verdict()).contains(Verdict.REGRESSION);
    }

    @Test
    void aChangeTheIntervalCannotRuleBelowTheMinimumIsCalled() {
        // +1.5%, its interval inside +-2%: a real change, but less than the 2% that counts: no change that matters.
        MetricComparison m = new ChangeEstimator(POLICY).compare(samples("t", "ns", true,
                new double[] {100, 100.1, 99.9, 100.05, 99.95, 100}, new double[] {101.5, 101.3, 101.7, 101.6,
                        101.4, 101.5})).metrics().get(0);
        assertThat(m.verdict()).contains(Verdict.NO_SIGNIFICANT_CHANGE);
        MetricComparison wide = new ChangeEstimator(POLICY).compare(samples("t", "ns", true,
                new double[] {100, 101, 99, 100.5, 99.5, 100}, new double[] {101.5, 102.5, 100.5, 102, 101, 101.5}))
                .metrics().get(0);
        // +1.5% again, but its interval reaches past 2%: a real change that may be as large as the minimum.
        // Requiring the estimate itself past 2% missed half of all true 2% changes.
        assertThat(wide.change().ciHighPct()).isGreaterThan(2);
        assertThat(wide.change().ciLowPct()).isPositive();
        assertThat(wide.verdict()).contains(Verdict.REGRESSION);
        assertThat(wide.changePct()).isLessThan(2);
    }

    @Test
    void higherIsBetterFlipsTheVerdict() {
        Comparison c = new ChangeEstimator(new MetricPolicy(Map.of("w", Set.of("r")), Map.of(), 0.05))
                .compare(samples("r", "ops/s", false, new double[] {100, 104, 98}, new double[] {110, 115, 108}));
        assertThat(c.metrics().get(0).verdict()).contains(Verdict.IMPROVEMENT);
    }

    @Test
    void repetitionsAreSummarisedPerBootNotPooled() {
        List<Sample> s = new ArrayList<>();
        // Three reps in each of two boots per side: n must be 2 (boots), not 6.
        for (int boot = 0; boot < 2; boot++) {
            for (int rep = 0; rep < 3; rep++) {
                s.add(new Sample(Side.BASE, boot, rep, new MetricKey("w", "parent", "t"), new MetricInfo("mode", "ns", true), 100 + boot + rep));
                s.add(new Sample(Side.PATCHED, boot, rep, new MetricKey("w", "parent", "t"), new MetricInfo("mode", "ns", true), 100 + boot + rep));
            }
        }
        MetricComparison m = new ChangeEstimator(POLICY).compare(s).metrics().get(0);
        assertThat(m.verdict()).as("two boots a side cannot judge noise").contains(Verdict.INCONCLUSIVE);
        assertThat(m.base().n()).isEqualTo(2);
        assertThat(m.patched().n()).isEqualTo(2);
        // Per-boot means 101 and 102; the centre shown is their geometric mean.
        assertThat(m.base().mean()).isCloseTo(Math.sqrt(101.0 * 102.0), within(1e-9));
    }

    @Test
    void ratesUseTheHarmonicMeanWithinABoot() {
        List<Sample> s = new ArrayList<>();
        for (double v : new double[] {100, 200, 400}) {
            s.add(new Sample(Side.BASE, 0, 0, new MetricKey("w", "parent", "r"), new MetricInfo("mode", "ops/s", false), v));
            s.add(new Sample(Side.PATCHED, 0, 0, new MetricKey("w", "parent", "r"), new MetricInfo("mode", "ops/s", false), v));
        }
        MetricComparison m = new ChangeEstimator(POLICY).compare(s).metrics().get(0);
        // scipy.stats.hmean([100, 200, 400])
        assertThat(m.base().mean()).isCloseTo(171.42857142857144, within(1e-9));
    }

    @Test
    void tightIntervalInsideTheBandIsNoSignificantChange() {
        Comparison c = new ChangeEstimator(POLICY).compare(samples("t", "ns", true,
                new double[] {100.0, 100.1, 99.9, 100.0}, new double[] {100.2, 100.1, 100.3, 100.2}));
        MetricComparison m = c.metrics().get(0);
        assertThat(m.change().ciLowPct()).isGreaterThan(-2);
        assertThat(m.change().ciHighPct()).isLessThan(2);
        assertThat(m.verdict()).contains(Verdict.NO_SIGNIFICANT_CHANGE);
        assertThat(c.overall()).isEqualTo(Verdict.NO_SIGNIFICANT_CHANGE);
    }

    @Test
    void significantButBelowTheMinimumEffectIsNotARegression() {
        // +1% with a tight interval: significant, but inside the 1.5% minimum
        // effect band, so "no significant change" rather than a regression.
        MetricPolicy strict = new MetricPolicy(Map.of("w", Set.of("t")), Map.of("w", 1.5), 0.05);
        Comparison c = new ChangeEstimator(strict).compare(samples("t", "ns", true,
                new double[] {100.0, 100.2, 99.8, 100.0}, new double[] {101.0, 101.2, 100.8, 101.0}));
        MetricComparison m = c.metrics().get(0);
        assertThat(m.change().pValue()).isLessThan(0.01);
        assertThat(m.changePct()).isLessThan(1.5);
        // scipy: 95% CI of the log difference [0.00714, 0.01276], i.e. [+0.72%, +1.28%].
        assertThat(m.change().ciLowPct()).isCloseTo(100 * (Math.exp(0.0071387808277312) - 1), within(1e-6));
        assertThat(m.verdict()).contains(Verdict.NO_SIGNIFICANT_CHANGE);
    }

    @Test
    void noisyDataIsInconclusive() {
        Comparison c = new ChangeEstimator(POLICY).compare(samples("t", "ns", true,
                new double[] {100, 130, 90}, new double[] {110, 95, 140}));
        assertThat(c.metrics().get(0).verdict()).contains(Verdict.INCONCLUSIVE);
        assertThat(c.overall()).isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void holmDemandsMoreOfTheSecondMetric() {
        // Two verdict metrics with p around 0.03 each: alone each would pass
        // at 0.05, but Holm tests the smaller against 0.025 first.
        MetricPolicy two = new MetricPolicy(Map.of("w", Set.of("a", "b")), Map.of("w", 2.0), 0.05);
        // scipy: p = 0.030187558029396454 for these (a +10% shift of each boot).
        List<Sample> s = new ArrayList<>(samples("a", "ns", true, new double[] {100, 105, 98},
                new double[] {110, 115.5, 107.8}));
        s.addAll(samples("b", "ns", true, new double[] {100, 105, 98}, new double[] {110, 115.5, 107.8}));
        Comparison c = new ChangeEstimator(two).compare(s);
        double p = c.metrics().get(0).change().pValue();
        assertThat(p).isCloseTo(0.030187558029396454, within(1e-9));
        assertThat(c.metrics()).allSatisfy(m -> assertThat(m.verdict()).contains(Verdict.INCONCLUSIVE));
    }

    @Test
    void metricsOutsideTheFamilyCarryNoVerdict() {
        Comparison c = new ChangeEstimator(POLICY).compare(samples("other", "ns", true,
                new double[] {100, 104, 98}, new double[] {110, 115, 108}));
        assertThat(c.metrics().get(0).verdict()).isEmpty();
        assertThat(c.overall()).isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void oneWildBootAmongManyNeitherHidesAChangeNorMovesTheTable() {
        double[] wiggle = {0, .01, -.01, .005, -.005, .008, -.008, .003, -.003, .006, -.006, 0};
        double[] base = new double[wiggle.length];
        double[] patched = new double[wiggle.length];
        for (int i = 0; i < wiggle.length; i++) {
            base[i] = 100 * (1 + wiggle[i]);
            patched[i] = 103 * (1 + wiggle[(i + 5) % wiggle.length]);
        }
        base[4] = 120;
        MetricComparison m = new ChangeEstimator(POLICY).compare(samples("t", "ns", true, base, patched))
                .metrics().get(0);
        // Unjudged, the slow boot alone would move the base by 1.5% and widen its spread fivefold: p ~ 0.3.
        assertThat(m.verdict()).as(m.why()).contains(Verdict.REGRESSION);
        assertThat(m.changePct()).isCloseTo(3.0, within(0.2));
        assertThat(m.base().mean()).isCloseTo(100.0, within(0.2));
        // Below ROBUST_BOOTS a side no boot is wild: the same wild boot among three is the noise.
        MetricComparison few = new ChangeEstimator(POLICY).compare(samples("t", "ns", true,
                new double[] {100, 120, 99}, new double[] {103, 104, 102})).metrics().get(0);
        assertThat(few.base().mean()).isGreaterThan(105);
    }

    /**
     * A workload decided at the third boot and not booted since is judged
     * at that look's level, the one still open at the sixth's; its call
     * is the one the third look made, whatever the other metric does.
     */
    @Test
    void eachMetricIsJudgedAtItsOwnLook() {
        AdaptiveSampling plan = new AdaptiveSampling(3, 6, 0.05);
        MetricPolicy policy = new MetricPolicy(Map.of("early", Set.of("t"), "late", Set.of("t")), Map.of(), 0.05)
                .withLooks(plan.spending());
        MetricInfo ns = new MetricInfo("mode", "ns", true);
        MetricKey early = new MetricKey("early", "x", "t");
        MetricKey late = new MetricKey("late", "x", "t");
        double[] eb = {100, 101, 99};
        double[] ep = {130, 131, 129};
        double[] lb = {100, 130, 90, 125, 95, 120};
        double[] lp = {110, 95, 140, 100, 135, 105};
        List<Sample> s = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            if (i < 3) {
                s.add(new Sample(Side.BASE, i, 0, early, ns, eb[i]));
                s.add(new Sample(Side.PATCHED, i, 0, early, ns, ep[i]));
            }
            s.add(new Sample(Side.BASE, i, 0, late, ns, lb[i]));
            s.add(new Sample(Side.PATCHED, i, 0, late, ns, lp[i]));
        }
        Comparison c = new ChangeEstimator(policy).compare(s);
        MetricComparison e = c.find(early).orElseThrow();
        MetricComparison l = c.find(late).orElseThrow();
        assertThat(e.change().ciAlpha()).isEqualTo(plan.spending().nominal(0.05, 3));
        assertThat(l.change().ciAlpha()).isEqualTo(plan.spending().nominal(0.05, 6)).isEqualTo(c.ciAlpha());
        assertThat(e.verdict()).contains(Verdict.REGRESSION);
        assertThat(l.verdict()).contains(Verdict.INCONCLUSIVE);
        // The same early boots judged when both metrics had three: the call and interval do not move.
        List<Sample> third = s.stream().filter(x -> x.boot() < 3).toList();
        MetricComparison then = new ChangeEstimator(policy).compare(third).find(early).orElseThrow();
        assertThat(then.verdict()).isEqualTo(e.verdict());
        assertThat(then.change().ciLowPct()).isEqualTo(e.change().ciLowPct());
    }
}
