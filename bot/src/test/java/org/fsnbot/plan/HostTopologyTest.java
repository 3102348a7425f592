package org.fsnbot.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsnbot.testing.SysfsFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostTopologyTest {

    @Test
    void aTwoSocketHostWithSmtSiblingsAndInterleavedNodes(@TempDir Path tmp) throws Exception {
        HostTopology t = HostTopology.read(SysfsFixture.expand("2s-xeon", tmp), tmp.resolve("none"));
        assertThat(t.cpus()).hasSize(32);
        assertThat(t.sockets()).isEqualTo(2);
        assertThat(t.cores()).isEqualTo(16);
        assertThat(t.nodes()).extracting(HostTopology.Node::id).containsExactly(0, 1);
        assertThat(t.nodes().get(0).cpus()).containsExactlyElementsOf(concat(range(0, 7), range(16, 23)));
        assertThat(t.nodes().get(1).distances()).containsExactly(21, 10);
        assertThat(t.nodes().get(0).memoryMiB()).isEqualTo(65842852L / 1024);
        assertThat(t.memoryMiB()).isEqualTo(2 * (65842852L / 1024));
        assertThat(t.cpus().get(16)).as("cpu16 is cpu0's SMT sibling").isEqualTo(new HostTopology.Cpu(16, 0, 0));
    }

    @Test
    void aFourSocketHostKeepsItsDistanceTable(@TempDir Path tmp) throws Exception {
        HostTopology t = HostTopology.read(SysfsFixture.expand("4s-epyc", tmp), tmp.resolve("none"));
        assertThat(t.sockets()).isEqualTo(4);
        assertThat(t.nodes()).hasSize(4);
        assertThat(t.nodes().get(0).distances()).containsExactly(10, 16, 16, 32);
        assertThat(t.nodes().get(3).cpus()).containsExactly(12, 13, 14, 15, 28, 29, 30, 31);
    }

    @Test
    void aKernelWithoutNumaInSysfsIsOneNodeOfProcMeminfo(@TempDir Path tmp) throws Exception {
        Path sys = tmp.resolve("sys");
        Files.createDirectories(sys.resolve("devices/system/cpu"));
        Files.writeString(sys.resolve("devices/system/cpu/online"), "0-1\n");
        Path meminfo = Files.writeString(tmp.resolve("meminfo"), "MemTotal:       24576000 kB\nMemFree: 1 kB\n");
        HostTopology t = HostTopology.read(sys, meminfo);
        assertThat(t.nodes()).singleElement().satisfies(n -> {
            assertThat(n.cpus()).containsExactly(0, 1);
            assertThat(n.memoryMiB()).isEqualTo(24000);
        });
        assertThat(t.sockets()).isEqualTo(1);
    }

    @Test
    void cpuListsAreReadAsLinuxWritesThem() {
        assertThat(HostTopology.cpuList("0-3,8,10-11\n")).containsExactly(0, 1, 2, 3, 8, 10, 11);
        assertThat(HostTopology.cpuList("")).isEmpty();
        assertThatThrownBy(() -> HostTopology.cpuList("3-1")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void thisMachineReadsToo() throws Exception {
        HostTopology t = HostTopology.read();
        assertThat(t.cpus()).hasSizeGreaterThanOrEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(t.memoryMiB()).isPositive();
    }

    private static List<Integer> range(int a, int b) {
        return java.util.stream.IntStream.rangeClosed(a, b).boxed().toList();
    }

    private static List<Integer> concat(List<Integer> a, List<Integer> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }
}
