package org.fsnbot.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ShellWordsTest {

    @Test
    void quotesWhatAShellWouldRead() {
        assertThat(ShellWords.line(List.of("b4", "am", "20261130.1-x@example.org"))).isEqualTo(
                "b4 am 20261130.1-x@example.org");
        assertThat(ShellWords.quote("a$(touch /tmp/x)@b")).isEqualTo("'a$(touch /tmp/x)@b'");
        assertThat(ShellWords.quote("it's@b")).isEqualTo("'it'\\''s@b'");
        assertThat(ShellWords.quote("a;b`c`|d&e@f")).startsWith("'").endsWith("'");
    }
}
