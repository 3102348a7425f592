package org.fsnbot.vm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.fsnbot.plan.Topology;
import org.junit.jupiter.api.Test;

class QemuCommandTest {

    @Test
    void oneMemoryBackedNumaNodePerNodeAndResultsOnTheSecondPort() {
        QemuCommand c = new QemuCommand("qemu-system-x86_64", new Machine(Accelerator.TCG,
                Topology.parse("sockets=2,cores=2,nodes=2"), Duration.ofMinutes(1)), new Guest(Path.of("/k"),
                        Path.of("/i"), Optional.of(Path.of("/d.img"))), "base-1",
                new QemuCommand.Logs(Path.of("/c.log"), Path.of("/r.log")));
        List<String> a = c.argv();
        String line = String.join(" ", a);
        assertThat(line).contains("-accel tcg", "-smp cpus=4,sockets=2,cores=2,threads=1",
                "memory-backend-ram,id=mem0,size=256M", "node,nodeid=0,cpus=0-1,memdev=mem0",
                "node,nodeid=1,cpus=2-3,memdev=mem1", "fsnbot.boot=base-1", "-no-reboot",
                "-drive file=/d.img,if=virtio,format=raw,snapshot=on");
        int first = a.indexOf("-serial");
        assertThat(a.get(first + 1)).isEqualTo("chardev:console");
        assertThat(a.get(a.lastIndexOf("-serial") + 1)).isEqualTo("chardev:results");
    }
}
