package org.fsnbot.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.hipparchus.distribution.continuous.NormalDistribution;
import org.junit.jupiter.api.Test;

class AlphaSpendingTest {

    private static final NormalDistribution Z = new NormalDistribution();

    /** Share of null sequences (standard normal boots) that cross some look's boundary. */
    private static double crossings(AlphaSpending a, double alpha, int first, int last, int trials, long seed) {
        double[] c = new double[last + 1];
        for (int n = first; n <= last; n++) {
            c[n] = Z.inverseCumulativeProbability(1 - a.nominal(alpha, n) / 2);
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        int crossed = 0;
        for (int t = 0; t < trials; t++) {
            double s = 0;
            for (int n = 1; n <= last; n++) {
                s += NoiseModels.gaussian(rnd);
                if (n >= first && Math.abs(s / Math.sqrt(n)) >= c[n]) {
                    crossed++;
                    break;
                }
            }
        }
        return (double) crossed / trials;
    }

    @Test
    void theLooksTogetherSpendAlphaNotAlphaEach() {
        // The full profile's looks (10 to 20 boots) and the quick one's (3, 4): 40,000 null sequences each.
        AlphaSpending full = new AlphaSpending(10, 20);
        assertThat(crossings(full, 0.05, 10, 20, 40_000, 1)).isCloseTo(0.05, within(0.005));
        AlphaSpending quick = new AlphaSpending(3, 4);
        assertThat(crossings(quick, 0.05, 3, 4, 40_000, 2)).isCloseTo(0.05, within(0.005));
        // Each later look gets more than Bonferroni's alpha / looks: the looks share their boots.
        for (int n = 10; n <= 20; n++) {
            assertThat(full.nominal(0.05, n)).isGreaterThan(0.05 / 11);
        }
        // The quick profile's first look gets O'Brien-Fleming's 2.4%, its second more than the 2.6% left.
        assertThat(quick.nominal(0.05, 3)).isCloseTo(2 * Z.cumulativeProbability(-1.959964 / Math.sqrt(0.75)),
                within(1e-6));
        assertThat(quick.nominal(0.05, 4)).isGreaterThan(0.05 - quick.nominal(0.05, 3));
    }

    @Test
    void theFirstLookSpendsOBriensShareAndOneLookSpendsAll() {
        AlphaSpending full = new AlphaSpending(10, 20);
        assertThat(full.nominal(0.05, 10)).isCloseTo(2 * Z.cumulativeProbability(-1.959964 * Math.sqrt(2)),
                within(1e-6));
        assertThat(full.nominal(0.05, 5)).as("before the first look").isEqualTo(full.nominal(0.05, 10));
        assertThat(full.nominal(0.05, 30)).as("after the last").isEqualTo(full.nominal(0.05, 20));
        assertThat(AlphaSpending.single(3).nominal(0.05, 3)).isCloseTo(0.05, within(1e-12));
        assertThat(full.nominal(0.01, 15)).isLessThan(full.nominal(0.05, 15));
    }

    @Test
    void refusesLooksThatCannotBe() {
        assertThatThrownBy(() -> new AlphaSpending(5, 4)).hasMessageContaining("looks from 5 to 4");
        assertThatThrownBy(() -> new AlphaSpending(3, 4).nominal(0, 3)).hasMessageContaining("alpha");
    }
}
