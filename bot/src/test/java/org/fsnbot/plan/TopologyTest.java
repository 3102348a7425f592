package org.fsnbot.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TopologyTest {

    @Test
    void parsesTheIssueSyntaxWithDefaults() {
        Topology t = Topology.parse("sockets=2,cores=1,nodes=2");
        assertThat(t.cpus()).isEqualTo(2);
        assertThat(t.nodes()).isEqualTo(2);
        assertThat(t.memoryPerNodeMiB()).isEqualTo(256);
        assertThat(Topology.parse(t.toString())).isEqualTo(t);
    }

    @Test
    void rejectsNonsense() {
        assertThatThrownBy(() -> Topology.parse("sockets=3,cores=1,nodes=2")).hasMessageContaining("divide");
        assertThatThrownBy(() -> Topology.parse("sockets=two")).hasMessageContaining("not a number");
        assertThatThrownBy(() -> Topology.parse("cpus=4")).hasMessageContaining("bad item");
        assertThatThrownBy(() -> Topology.parse("nodes=2,mem=100M")).hasMessageContaining("128M per node");
    }
}
