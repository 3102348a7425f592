package org.fsnbot.stats;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.fsnbot.run.MetricInfo;
import org.fsnbot.run.MetricKey;
import org.junit.jupiter.api.Test;

class MetricComparisonTest {

    private static final MetricKey KEY = new MetricKey("w", "v", "m");
    private static final MetricInfo NS = new MetricInfo("mode", "ns", true);
    private static final MetricComparison.SideSummary SIDE = new MetricComparison.SideSummary(3, 1, 0);

    @Test
    void rejectsAReversedInterval() {
        assertThatThrownBy(() -> new MetricComparison.Change(0, 5, -5, 0.05, 1, Double.NaN, Double.NaN))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reversed");
        assertThatThrownBy(() -> new MetricComparison.Change(0, -5, 5, 0, 1, Double.NaN, Double.NaN))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("level");
    }

    @Test
    void anInconclusiveCallWithoutAReasonIsRefused() {
        assertThatThrownBy(() -> new MetricComparison(KEY, NS, SIDE, SIDE, new MetricComparison.Change(0, -5, 5,
                0.05, 1, Double.NaN, Double.NaN), Optional.of(new MetricComparison.Call(Verdict.INCONCLUSIVE, ""))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("says why");
        assertThatThrownBy(() -> new MetricComparison.Call(Verdict.REGRESSION, "because"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aSideWithoutBootsIsRefused() {
        assertThatThrownBy(() -> new MetricComparison.SideSummary(0, 1, 0)).isInstanceOf(
                IllegalArgumentException.class);
    }
}
