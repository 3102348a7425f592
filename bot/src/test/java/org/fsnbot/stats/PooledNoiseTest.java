package org.fsnbot.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.fsnbot.run.MetricKey;
import org.junit.jupiter.api.Test;

class PooledNoiseTest {

    private static final MetricKey KEY = new MetricKey("byte-write", "parent", "ns_per_op");

    @Test
    void buildsPoolTheirOwnSpreadsAndTheirLevelsDoNotEnter() {
        // Three builds 5% apart, each with the same spread: the noise is that spread, not the 5%.
        double[] a = {1000, 1003, 997, 1000};
        double[] b = {1050, 1053.15, 1046.85, 1050};
        double[] c = {1102.5, 1105.8, 1099.2};
        MetricNoise n = PooledNoise.of(Map.of(KEY, List.of(a, b, c)), Instant.EPOCH, "earlier base boots").get(0);
        assertThat(n.boots()).isEqualTo(11);
        assertThat(n.df()).as("boots less one per build").isEqualTo(8);
        double within = NoiseEstimate.cvPct(a);
        assertThat(n.cvPct()).isCloseTo(within, within(0.05));
        assertThat(n.cvPct()).isLessThan(0.5);
        assertThat(n.basis()).isEqualTo("earlier base boots");
    }

    @Test
    void aBuildOfOneBootAddsNoDegreeOfFreedomAndNoneAtAllGivesNoNoise() {
        assertThat(PooledNoise.of(Map.of(KEY, List.of(new double[] {1000}, new double[] {1100})), Instant.EPOCH,
                "x")).isEmpty();
        MetricNoise n = PooledNoise.of(Map.of(KEY, List.of(new double[] {1000}, new double[] {1000, 1010})),
                Instant.EPOCH, "x").get(0);
        assertThat(n.df()).isEqualTo(1);
        assertThat(n.boots()).isEqualTo(3);
    }

    @Test
    void twoEstimatesCombineWeightedByTheirDegreesOfFreedom() {
        MetricNoise calibration = new MetricNoise(KEY, 20, 0.2, Instant.parse("2026-12-01T00:00:00Z"));
        MetricNoise boots = new MetricNoise(KEY, 24, 0.6, Instant.parse("2026-12-05T00:00:00Z"), 16,
                "earlier base boots");
        MetricNoise both = PooledNoise.combined(calibration, boots);
        assertThat(both.df()).isEqualTo(19 + 16);
        assertThat(both.cvPct()).isCloseTo(Math.sqrt((19 * 0.04 + 16 * 0.36) / 35), within(1e-12));
        assertThat(both.when()).isEqualTo(Instant.parse("2026-12-05T00:00:00Z"));
        assertThat(both.basis()).isEqualTo("an A/A calibration and earlier base boots");
        assertThatThrownBy(() -> PooledNoise.combined(calibration, new MetricNoise(new MetricKey("x", "y", "z"), 3,
                1, Instant.EPOCH))).isInstanceOf(IllegalArgumentException.class);
    }
}
