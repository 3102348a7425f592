package org.fsnbot.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsnbot.testing.SysfsFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The guest-to-host plan on recorded sysfs trees of real layouts (interleaved nodes, SMT siblings). */
class NumaPlanTest {

    private static HostTopology host(String name, Path tmp) throws Exception {
        return HostTopology.read(SysfsFixture.expand(name, tmp), tmp.resolve("none"));
    }

    @Test
    void aMirrorOfATwoSocketHostIsOneVcpuPerCoreOnItsOwnNodeWithTheSiblingsLeftToQemu(@TempDir Path tmp)
            throws Exception {
        HostTopology h = host("2s-xeon", tmp);
        Topology t = Topology.parse("mirror").mirroring(h);
        assertThat(t).isEqualTo(new Topology(2, 8, 1, 2, 1024, Topology.Placement.PINNED));
        NumaPlan p = NumaPlan.of(t, h);
        assertThat(p.cpusPinned()).isTrue();
        assertThat(p.nodes().get(0)).isEqualTo(new NumaPlan.GuestNode(0, 0, List.of(0, 1, 2, 3, 4, 5, 6, 7),
                List.of(0, 1, 2, 3, 4, 5, 6, 7), 512));
        assertThat(p.nodes().get(1).hostCpus()).containsExactly(8, 9, 10, 11, 12, 13, 14, 15);
        assertThat(p.nodes().get(1).hostNode()).isEqualTo(1);
        assertThat(p.emulatorCpus()).as("the SMT siblings").containsExactlyElementsOf(
                java.util.stream.IntStream.rangeClosed(16, 31).boxed().toList());
        assertThat(p.distances()).containsExactly(List.of(10, 21), List.of(21, 10));
        assertThat(p.notes()).isEmpty();
    }

    @Test
    void twoNodesOfAFourSocketHostKeepTheirDistanceAndAGuestWithThreadsGetsWholeCores(@TempDir Path tmp)
            throws Exception {
        HostTopology h = host("4s-epyc", tmp);
        Topology two = Topology.parse("mirror:nodes=2").mirroring(h);
        assertThat(two.sockets()).isEqualTo(2);
        assertThat(two.cores()).isEqualTo(4);
        NumaPlan p = NumaPlan.of(two, h);
        assertThat(p.distances()).containsExactly(List.of(10, 16), List.of(16, 10));
        assertThat(p.nodes().get(1).hostCpus()).containsExactly(4, 5, 6, 7);
        NumaPlan smt = NumaPlan.of(Topology.parse("sockets=4,cores=2,threads=2,nodes=4,mem=1024M,pin"), h);
        assertThat(smt.nodes().get(2).hostCpus()).as("vCPUs 8-11: two whole cores of node 2")
                .containsExactly(8, 24, 9, 25);
        assertThat(smt.nodes().get(2).hostNode()).isEqualTo(2);
    }

    @Test
    void whatTheHostCannotGiveIsSaidNotDropped(@TempDir Path tmp) throws Exception {
        Path sys = tmp.resolve("sys");
        Files.createDirectories(sys.resolve("devices/system/cpu"));
        Files.writeString(sys.resolve("devices/system/cpu/online"), "0-1\n");
        Path meminfo = Files.writeString(tmp.resolve("meminfo"), "MemTotal: 24576000 kB\n");
        HostTopology oneNode = HostTopology.read(sys, meminfo);

        NumaPlan p = NumaPlan.of(Topology.parse("sockets=2,cores=1,nodes=2,pin"), oneNode);
        assertThat(p.cpusPinned()).isTrue();
        assertThat(p.nodes()).extracting(NumaPlan.GuestNode::hostCpus).containsExactly(List.of(0), List.of(1));
        assertThat(p.nodes()).extracting(NumaPlan.GuestNode::hostNode).containsExactly(0, 0);
        assertThat(p.distances()).isEmpty();
        assertThat(String.join("\n", p.notes())).contains("the host has 1 NUMA node for 2 guest nodes",
                "no host CPU is left for QEMU's own threads", "QEMU's default distances");

        NumaPlan tooBig = NumaPlan.of(Topology.parse("sockets=4,cores=1,nodes=2,mem=512M,pin"), oneNode);
        assertThat(tooBig.cpusPinned()).isFalse();
        assertThat(tooBig.hostCpuOf(0)).isEqualTo(-1);
        assertThat(tooBig.notes()).anyMatch(n -> n.contains("2 CPUs for 4 vCPUs: no vCPU is pinned"));

        assertThatThrownBy(() -> Topology.parse("mirror:nodes=2").mirroring(oneNode))
                .hasMessageContaining("this host has 1 NUMA node, fewer than the 2 asked to mirror");
        assertThat(Topology.parse("mirror").mirroring(oneNode)).isEqualTo(new Topology(1, 2, 1, 1, 512,
                Topology.Placement.PINNED));
    }

    @Test
    void topologiesReadAndPrintTheirPlacement() {
        assertThat(Topology.parse("sockets=2,cores=1,nodes=2,pin").toString())
                .isEqualTo("sockets=2,cores=1,threads=1,nodes=2,mem=512M,pin");
        assertThat(Topology.parse("mirror:nodes=2").toString()).isEqualTo("mirror:nodes=2");
        assertThat(Topology.parse("mirror").nodesWanted()).isZero();
        assertThat(Topology.parse("mirror:nodes=2,mem=2048M").toString()).isEqualTo("mirror:nodes=2,mem=2048M");
        assertThat(Topology.parse("sockets=2,cores=1,nodes=2").placement()).isEqualTo(Topology.Placement.FREE);
        assertThatThrownBy(() -> Topology.parse("mirror").cpus()).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> Topology.parse("mirror:sockets=2")).hasMessageContaining("mirror[:nodes=N]");
    }
}
