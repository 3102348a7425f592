package org.fsnbot.vm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class HostFactsTest {

    @Test
    void readsTheCpuModelAndMemoryAsProcShowsThem() {
        assertThat(HostFacts.cpuModel(List.of("processor\t: 0", "model name\t: AMD EPYC  7B13 64-Core Processor",
                "model name\t: ignored"))).isEqualTo("AMD EPYC 7B13 64-Core Processor");
        assertThat(HostFacts.cpuModel(List.of("processor : 0"))).isEqualTo("unknown CPU");
        assertThat(HostFacts.memTotal(List.of("MemFree:  10 kB", "MemTotal:       8148180 kB")))
                .isEqualTo(8148180L * 1024);
        assertThat(HostFacts.memTotal(List.of("MemTotal: lots kB"))).isZero();
        assertThat(new HostFacts("X", 2, 8L << 30, "QEMU 7.2", org.fsnbot.plan.HostTopology.readOrGuess()).describe()).startsWith("X, 2 CPUs, 8.0 GiB, ");
    }

    @Test
    void aQemuThatIsNotThereIsNamedNotFatal() {
        assertThat(HostFacts.probe("/nonexistent/qemu").qemu()).startsWith("unknown (/nonexistent/qemu");
    }
}
