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

    @Test
    void noRequestOverflowsOrAsksForMoreThanAnyGuestGets() {
        for (String huge : new String[] {"sockets=65536,cores=65536,nodes=1", "sockets=512,nodes=2",
            "sockets=2,nodes=2,mem=2000000M", "sockets=128,nodes=128", "sockets=2147483647,cores=2,nodes=1",
            "mirror:nodes=1000", "mirror:mem=99999999M"}) {
            assertThatThrownBy(() -> Topology.parse(huge)).as(huge).isInstanceOf(IllegalArgumentException.class);
        }
        assertThat(Topology.parse("sockets=2,cores=64,threads=2,nodes=2,mem=65536M").cpus()).isEqualTo(256);
    }
}
