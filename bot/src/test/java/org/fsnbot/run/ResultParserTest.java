package org.fsnbot.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ResultParserTest {

    private final ResultParser parser = new ResultParser();

    @Test
    void keepsRowsLabelsGateChecksAndSkips() throws Exception {
        BootResults p = parser.parse(Side.PATCHED, 2, List.of(
                "{\"type\":\"guest\",\"kernel\":\"6.12\",\"nodes_online\":\"0-1\"}",
                "{\"type\":\"gate\",\"check\":\"inotify-create\",\"status\":\"fail\",\"detail\":\"0 event(s) read\"}",
                "{\"type\":\"gate\",\"check\":\"fanotify-perm-allow\",\"status\":\"skip\",\"detail\":\"EPERM\"}",
                "{\"type\":\"result\",\"workload\":\"w\",\"mode\":\"none\",\"label\":\"Clients\",\"row\":\"4\","
                        + "\"params\":{},\"rep\":1,\"metric\":\"t\",\"value\":2.5,\"unit\":\"s\",\"direction\":\"lower\"}",
                "{\"type\":\"skip\",\"workload\":\"iouring-peak\",\"what\":\"polled\",\"reason\":\"no device\"}",
                "{\"type\":\"exit\",\"workload\":\"w\",\"status\":0}"));
        assertThat(p.samples()).singleElement().satisfies(s -> {
            assertThat(s.side()).isEqualTo(Side.PATCHED);
            assertThat(s.boot()).isEqualTo(2);
            assertThat(s.info().label()).isEqualTo("Clients");
            assertThat(s.variant()).isEqualTo("4");
            assertThat(s.info().lowerIsBetter()).isTrue();
        });
        assertThat(p.gateFailures()).containsExactly("inotify-create: 0 event(s) read");
        assertThat(p.skipped()).containsExactly("fsnotify-gate fanotify-perm-allow: EPERM",
                "iouring-peak polled: no device");
        assertThat(p.guestInfo()).contains("\"nodes_online\":\"0-1\"");
    }

    @Test
    void aFailedWorkloadOrGarbageFailsTheWholeBoot() {
        assertThatThrownBy(() -> parser.parse(Side.BASE, 0, List.of("{\"type\":\"exit\",\"workload\":\"w\",\"status\":2}")))
                .hasMessageContaining("exited 2");
        assertThatThrownBy(() -> parser.parse(Side.BASE, 0, List.of("not json"))).hasMessageContaining("unparseable");
        assertThatThrownBy(() -> parser.parse(Side.BASE, 0, List.of("{\"type\":\"result\",\"workload\":\"w\","
                + "\"row\":\"x\",\"metric\":\"t\",\"value\":-1,\"unit\":\"s\",\"direction\":\"lower\"}")))
                .hasMessageContaining("> 0");
        assertThatThrownBy(() -> parser.parse(Side.BASE, 0, List.of())).hasMessageContaining("no result lines");
    }
}
