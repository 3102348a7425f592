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

    /** This machine's shape: two CPUs, no NUMA nodes in sysfs, under tmp/sys. */
    private static HostTopology oneNodeHost(Path tmp) throws Exception {
        Path sys = tmp.resolve("sys");
        Files.createDirectories(sys.resolve("devices/system/cpu"));
        Files.writeString(sys.resolve("devices/system/cpu/online"), "0-1\n");
        return HostTopology.read(sys, Files.writeString(tmp.resolve("meminfo"), "MemTotal: 24576000 kB\n"));
    }

    @Test
    void whatTheHostCannotGiveIsSaidNotDropped(@TempDir Path tmp) throws Exception {
        HostTopology oneNode = oneNodeHost(tmp);

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
    private static void freePages(Path sys, int node, long kib, long free) throws Exception {
        Path d = Files.createDirectories(sys.resolve("devices/system/node/node" + node + "/hugepages/hugepages-" + kib
                + "kB"));
        Files.writeString(d.resolve("free_hugepages"), free + "\n");
    }

    @Test
    void aMirrorsMemoryIsInHugepagesOnlyWhenEveryHostNodeHasEnoughFree(@TempDir Path tmp) throws Exception {
        Path sys = SysfsFixture.expand("2s-xeon", tmp);
        HostTopology h = HostTopology.read(sys, tmp.resolve("none"));
        Topology t = Topology.parse("mirror").mirroring(h);
        // 512 MiB a node: 256 pages of 2 MiB on each host node.
        freePages(sys, 0, 2048, 256);
        freePages(sys, 1, 2048, 300);
        NumaPlan p = NumaPlan.of(t, h, new Hugepages(2048, sys));
        assertThat(p.hugepageKiB()).isEqualTo(2048);
        assertThat(p.notes()).isEmpty();

        freePages(sys, 1, 2048, 255);
        NumaPlan short1 = NumaPlan.of(t, h, new Hugepages(2048, sys));
        assertThat(short1.hugepageKiB()).as("one page short on node 1: normal pages").isZero();
        assertThat(short1.notes()).containsExactly("host node 1 has 255 free 2 MiB hugepages for the 256 its guest"
                + " nodes need: guest memory in normal pages");

        NumaPlan gig = NumaPlan.of(t, h, new Hugepages(1048576, sys));
        assertThat(gig.hugepageKiB()).isZero();
        assertThat(gig.notes()).containsExactly("a guest node's 512 MiB is not a whole number of 1 GiB hugepages:"
                + " guest memory in normal pages");
        assertThat(NumaPlan.of(t, h).hugepageKiB()).as("off").isZero();
    }

    @Test
    void guestNodesSharingAHostNodeNeedTheirPagesTogether(@TempDir Path tmp) throws Exception {
        HostTopology oneNode = oneNodeHost(tmp);
        Path sys = tmp.resolve("sys");
        Path pool = Files.createDirectories(sys.resolve("kernel/mm/hugepages/hugepages-2048kB"));
        Topology t = Topology.parse("sockets=2,cores=1,nodes=2,mem=512M,pin");
        Files.writeString(pool.resolve("free_hugepages"), "255\n");
        assertThat(NumaPlan.of(t, oneNode, new Hugepages(2048, sys)).notes()).contains("host node 0 has 255 free"
                + " 2 MiB hugepages for the 256 its guest nodes need: guest memory in normal pages");
        Files.writeString(pool.resolve("free_hugepages"), "256\n");
        assertThat(NumaPlan.of(t, oneNode, new Hugepages(2048, sys)).hugepageKiB()).isEqualTo(2048);
        assertThatThrownBy(() -> Hugepages.parse("4K", sys)).hasMessageContaining("off, 2M or 1G");
        assertThat(Hugepages.parse("2m", sys).sizeKiB()).isEqualTo(2048);
        assertThat(Hugepages.parse("off", sys).on()).isFalse();
    }
}
