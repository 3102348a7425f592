package org.fsnbot.vm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SerialFramesTest {

    @Test
    void decodesFramesAndStripsCarriageReturns() {
        String[] problem = new String[1];
        Optional<List<String>> p = SerialFrames.decode(List.of("noise", "FSNBOT-BEGIN b1\r", "FSNBOT 1 {\"a\":1}\r",
                "FSNBOT 2 {\"b\":2}", "FSNBOT-END 2"), "b1", problem);
        assertThat(p).contains(List.of("{\"a\":1}", "{\"b\":2}"));
    }

    @Test
    void rejectsTruncatedGappedOrForeignFrames() {
        String[] problem = new String[1];
        assertThat(SerialFrames.decode(List.of("FSNBOT-BEGIN b1", "FSNBOT 1 {}"), "b1", problem)).isEmpty();
        assertThat(problem[0]).contains("truncated");
        assertThat(SerialFrames.decode(List.of("FSNBOT-BEGIN b1", "FSNBOT 2 {}", "FSNBOT-END 1"), "b1", problem))
                .isEmpty();
        assertThat(problem[0]).contains("out of order");
        assertThat(SerialFrames.decode(List.of("FSNBOT-BEGIN b2", "FSNBOT-END 0"), "b1", problem)).isEmpty();
        assertThat(problem[0]).contains("another boot");
        assertThat(SerialFrames.decode(List.of("FSNBOT-BEGIN b1", "FSNBOT 1 {}", "FSNBOT-END 3"), "b1", problem))
                .isEmpty();
        assertThat(problem[0]).contains("says 3");
        assertThat(SerialFrames.decode(List.of(), "b1", problem)).isEmpty();
        assertThat(problem[0]).contains("no results");
    }
}
