package org.fsnbot.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The comparison rules of the simulation, and the bootstrap, on hand-checked examples. */
class RulesTest {

    @Test
    void zeroDayNeedsThreeSamplesRangesApartAndTheThreshold() {
        ZeroDayRule r = new ZeroDayRule(1);
        List<double[]> base = List.of(new double[] {100, 101, 102}, new double[] {100, 101, 102},
                new double[] {100, 101}, new double[] {100, 101, 102});
        List<double[]> patched = List.of(new double[] {103, 104, 105}, new double[] {101.5, 104, 105},
                new double[] {110, 111}, new double[] {102.1, 102.2, 102.3});
        // 1: apart, +3%; 2: overlapping; 3: two samples; 4: apart but +1.2%... kept (>= 1%)
        assertThat(r.flags(base, patched)).containsExactly(1, 0, 0, 1);
        assertThat(new ZeroDayRule(5).flags(base, patched)).containsExactly(0, 0, 0, 0);
    }

    @Test
    void mmtestsMarksWhenTheConfidenceIntervalsDoNotOverlap() {
        // base mean 100, sd 1, n=3: half width t(0.975,2)=4.303 * 1/sqrt(3) = 2.484
        MmtestsRule r = new MmtestsRule(0.05);
        List<double[]> base = List.of(new double[] {99, 100, 101}, new double[] {99, 100, 101});
        List<double[]> patched = List.of(new double[] {104, 105, 106}, new double[] {103, 104, 105});
        // 105 +- 2.484 = [102.5, 107.5] misses [97.5, 102.5]; 104 +- 2.484 = [101.5, ...] overlaps.
        assertThat(r.flags(base, patched)).containsExactly(1, 0);
    }

    @Test
    void bootstrapIsSeededAndCentredOnTheDifference() {
        double[] b = {Math.log(100), Math.log(102), Math.log(98), Math.log(101)};
        double[] p = {Math.log(110), Math.log(112), Math.log(108), Math.log(111)};
        double[] i1 = Bootstrap.logRatioInterval(b, p, 0.05, 7);
        double[] i2 = Bootstrap.logRatioInterval(b, p, 0.05, 7);
        assertThat(i1).containsExactly(i2);
        assertThat(i1[0]).isPositive().isLessThan(Math.log(1.1));
        assertThat(i1[1]).isGreaterThan(Math.log(1.1));
    }

    @Test
    void bootsNeededMatchesTheNormalApproximation() {
        // scipy: 2 * (norm.ppf(0.975) + norm.ppf(0.8))^2 * 0.05^2 / log1p(0.02)^2 = 100.08 -> 101
        assertThat(Significance.bootsNeeded(5, 2, 0.05, 0.8)).isEqualTo(101);
        assertThat(Math.log1p(0.02)).isCloseTo(0.0198026, within(1e-6));
    }

    @Test
    void simulationIsReproducibleAndFsnbotKeepsItsFalseAlarmBudget() throws Exception {
        List<VerdictSimulation.NoiseSource> sources = VerdictSimulation.bundledSources();
        assertThat(sources).isNotEmpty().allSatisfy(s -> assertThat(s.residuals().length)
                .isGreaterThanOrEqualTo(VerdictSimulation.MIN_RESIDUALS));
        VerdictSimulation sim = new VerdictSimulation(sources, 300, 1);
        VerdictSimulation.Result a = sim.run(new FsnbotRule(0.05, 2), 10);
        VerdictSimulation.Result b = sim.run(new FsnbotRule(0.05, 2), 10);
        assertThat(a.falseAlarmPerReport()).isEqualTo(b.falseAlarmPerReport());
        assertThat(a.falseAlarmPerMetric()).isLessThanOrEqualTo(0.01);
        assertThat(a.power()[3]).as("10%% changes are found with 10 boots").isGreaterThan(a.power()[0]);
    }
}
