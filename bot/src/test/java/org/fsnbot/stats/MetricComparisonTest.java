package org.fsnbot.stats;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class MetricComparisonTest {

    @Test
    void rejectsReversedIntervalAndMissingVerdict() {
        MetricKey k = new MetricKey("w", "v", "m");
        assertThatThrownBy(() -> new MetricComparison(k, "mode", "ns", true, true, 3, 1, 0, 3, 1, 0, 0, 5, -5, 1, Double.NaN, Double.NaN,
                Optional.of(Verdict.INCONCLUSIVE))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new MetricComparison(k, "mode", "ns", true, true, 3, 1, 0, 3, 1, 0, 0, -5, 5, 1, Double.NaN, Double.NaN,
                Optional.empty())).isInstanceOf(IllegalArgumentException.class);
    }
}
