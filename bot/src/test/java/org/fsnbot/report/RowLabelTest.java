package org.fsnbot.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RowLabelTest {

    @Test
    void pairsEachColumnTitleWithItsValue() {
        assertThat(RowLabel.of("Clients", "1")).isEqualTo("clients=1");
        assertThat(RowLabel.of("mode fs", "none tmpfs")).isEqualTo("mode=none fs=tmpfs");
        assertThat(RowLabel.of("mode", "parent nomatch")).isEqualTo("mode parent nomatch");
        assertThat(RowLabel.of("", "x")).isEqualTo("x");
    }
}
