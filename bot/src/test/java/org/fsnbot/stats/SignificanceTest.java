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
        assertThat(Significance.bootsToResolve(1.0)).isLessThan(Significance.bootsToResolve(5.0));
        // 2 * (z(0.975) + z(0.8))^2 * 0.05^2 / ln(1.02)^2 = 100.08 for a 5% CV, rounded up.
        assertThat(Significance.bootsToResolve(5.0)).isEqualTo(101);
    }
}
