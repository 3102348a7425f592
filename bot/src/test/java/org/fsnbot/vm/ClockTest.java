package org.fsnbot.vm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.fsnbot.plan.Clock;
import org.fsnbot.plan.ClockSetting;
import org.junit.jupiter.api.Test;

class ClockTest {

    @Test
    void underInstructionsTimesAreCountsAndRatesArePerBillionInstructions() {
        assertThat(Clock.INSTRUCTIONS.unit("ns")).isEqualTo("insns");
        assertThat(Clock.INSTRUCTIONS.unit("s")).isEqualTo("Ginsns");
        assertThat(Clock.INSTRUCTIONS.unit("ops/s")).isEqualTo("ops/Ginsns");
        assertThat(Clock.INSTRUCTIONS.unit("IO/s")).isEqualTo("IO/Ginsns");
        assertThat(Clock.INSTRUCTIONS.unit("ratio")).as("not a time").isEqualTo("ratio");
        assertThat(Clock.WALL.unit("ns")).isEqualTo("ns");
        assertThat(Clock.WALL.unit("ops/s")).isEqualTo("ops/s");
    }

    @Test
    void underInstructionsAGuestsTimeIsDividedBackIntoInstructionsAndARateMultiplied() {
        // 8 guest ns an instruction (icount shift 3).
        assertThat(Clock.INSTRUCTIONS.count("ns", 12_000)).isEqualTo(1_500);
        assertThat(Clock.INSTRUCTIONS.count("s", 0.24)).isEqualTo(0.03);
        assertThat(Clock.INSTRUCTIONS.count("ops/s", 80_000)).isEqualTo(640_000);
        assertThat(Clock.INSTRUCTIONS.count("ratio", 3.5)).isEqualTo(3.5);
        assertThat(Clock.WALL.count("ns", 12_000)).isEqualTo(12_000);
        assertThat(Clock.WALL.count("ops/s", 80_000)).isEqualTo(80_000);
    }

    @Test
    void autoCountsInstructionsWhereTheGuestIsEmulatedAndWallTimeUnderKvm() {
        assertThat(ClockSetting.of("").clockFor(true)).isEqualTo(Clock.INSTRUCTIONS);
        assertThat(ClockSetting.of("auto").clockFor(false)).isEqualTo(Clock.WALL);
        assertThat(ClockSetting.of("wall").clockFor(true)).isEqualTo(Clock.WALL);
        assertThat(ClockSetting.of(" Instructions ").clockFor(true)).isEqualTo(Clock.INSTRUCTIONS);
        assertThatThrownBy(() -> ClockSetting.of("cycles")).hasMessageContaining("auto, wall or instructions");
        assertThat(Clock.of("instructions")).isEqualTo(Clock.INSTRUCTIONS);
        assertThatThrownBy(() -> Clock.of("tsc")).hasMessageContaining("wall or instructions");
    }
}
