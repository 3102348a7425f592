package org.fsnbot.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TextTableTest {

    @Test
    void alignsTextLeftAndNumbersRight() {
        String t = new TextTable(List.of("mode", "ns"), 1).row(List.of("none", "5")).row(List.of("parent", "12345"))
                .render("  ");
        assertThat(t).isEqualTo("  mode       ns\n  ------  -----\n  none        5\n  parent  12345\n");
    }

    @Test
    void rejectsRaggedRows() {
        assertThatThrownBy(() -> new TextTable(List.of("a", "b"), 1).row(List.of("x")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void wrapKeepsLinesWithinEightyColumns() {
        String long1 = "  " + "word ".repeat(40);
        for (String line : Wrap.hard(long1).split("\n")) {
            assertThat(line.length()).isLessThanOrEqualTo(80);
        }
        assertThat(Wrap.hard("x".repeat(200)).split("\n")).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(80));
    }
}
