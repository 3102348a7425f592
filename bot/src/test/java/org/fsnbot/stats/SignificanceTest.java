package org.fsnbot.stats;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SignificanceTest {

    @Test
    void confidenceLevelsArePrintedWithoutRoundingAwayTheLooks() {
        assertThat(Significance.confidenceLabel(0.05)).isEqualTo("95%");
        assertThat(Significance.confidenceLabel(0.05 / 2)).isEqualTo("97.5%");
        assertThat(Significance.confidenceLabel(0.05 / 3)).isEqualTo("98.3%");
    }

    @Test
    void theMethodLineNamesTheLevelTheTablesUse() {
        assertThat(ChangeEstimator.method(0.05 / 2)).contains(" 97.5% CI;");
    }

    @Test
    void noisierMetricsNeedMoreBoots() {
        assertThat(Significance.bootsToResolve(1.0, 1)).isLessThan(Significance.bootsToResolve(5.0, 1));
        // scipy: the least n with norm.cdf((log1p(0.02) / (cv * sqrt(2/n)) - c) / sqrt(1 + c^2 / (2 (2n-2)))) >= 0.8,
        // c = t.ppf(1 - a/2, 2n-2):
        // 102 for a 5% CV at a = 0.05 (the normal formula says 101), 7 for 0.8% and 29 for 2% at 0.05/9.
        assertThat(Significance.bootsToResolve(5.0, 1)).isEqualTo(102);
        assertThat(Significance.bootsToResolve(0.8, 9)).isEqualTo(7);
        assertThat(Significance.bootsToResolve(2.0, 9)).isEqualTo(29);
    }
}
