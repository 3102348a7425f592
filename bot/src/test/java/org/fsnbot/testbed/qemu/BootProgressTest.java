package org.fsnbot.testbed.qemu;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BootProgressTest {

    @Test
    void countsBootsAndEstimatesTheRestFromTheMeanSoFar() {
        BootProgress p = new BootProgress(6, 8);
        p.booted(50);
        p.booted(70);
        assertThat(p.line()).isEqualTo("[####        ] boot 2 of 6, about 4 min 00 s left (2 more at most if a verdict"
                + " stays open)");
        for (int i = 0; i < 4; i++) {
            p.booted(60);
        }
        p.morePlanned(2);
        assertThat(p.line()).isEqualTo("[#########   ] boot 6 of 8, about 2 min 00 s left");
    }

    @Test
    void bootsSideBySideShareTheTimeLeft() {
        BootProgress p = new BootProgress(6, 6, 2);
        p.booted(60);
        p.booted(60);
        assertThat(p.line()).isEqualTo("[####        ] boot 2 of 6, about 2 min 00 s left");
    }
}
