package org.fsnbot.vm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SerialFramesTest {

    @Test
    void decodesFramesAndStripsCarriageReturns() {
        SerialFrames.Decoded d = SerialFrames.decode(List.of("noise", "FSNBOT-BEGIN b1\r", "FSNBOT 1 {\"a\":1}\r",
                "FSNBOT 2 {\"b\":2}", "FSNBOT-END 2"), "b1");
        assertThat(d.payload()).contains(List.of("{\"a\":1}", "{\"b\":2}"));
    }

    @Test
    void aTruncatedFrameIsNoResult() {
        assertRejected(List.of("FSNBOT-BEGIN b1", "FSNBOT 1 {}"), "truncated");
    }

    @Test
    void aGapInTheFramesIsNoResult() {
        assertRejected(List.of("FSNBOT-BEGIN b1", "FSNBOT 2 {}", "FSNBOT-END 1"), "out of order");
    }

    @Test
    void anotherBootsFramesAreNoResult() {
        assertRejected(List.of("FSNBOT-BEGIN b2", "FSNBOT-END 0"), "another boot");
    }

    @Test
    void aCountThatDisagreesIsNoResult() {
        assertRejected(List.of("FSNBOT-BEGIN b1", "FSNBOT 1 {}", "FSNBOT-END 3"), "says 3");
    }

    @Test
    void silenceIsNoResult() {
        assertRejected(List.of(), "no results");
    }

    private static void assertRejected(List<String> lines, String why) {
        SerialFrames.Decoded d = SerialFrames.decode(lines, "b1");
        assertThat(d.payload()).isEmpty();
        assertThat(d.problem()).contains(why);
    }
}
