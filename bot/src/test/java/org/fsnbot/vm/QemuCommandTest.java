package org.fsnbot.vm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.fsnbot.boot.Guest;
import org.fsnbot.plan.Clock;
import org.fsnbot.plan.HostTopology;
import org.fsnbot.plan.Hugepages;
import org.fsnbot.plan.NumaPlan;
import org.fsnbot.plan.Topology;
import org.fsnbot.testing.SysfsFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QemuCommandTest {

    @Test
    void oneMemoryBackedNumaNodePerNodeAndResultsOnTheSecondPort() {
        QemuCommand c = new QemuCommand("qemu-system-x86_64", new Machine(Accelerator.TCG,
                Topology.parse("sockets=2,cores=2,nodes=2"), Duration.ofMinutes(1)), new Guest(Path.of("/k"),
                        Path.of("/i"), Optional.of(Path.of("/d.img"))), "base-1",
                new QemuCommand.Logs(Path.of("/c.log"), Path.of("/r.log"), Path.of("/q.qmp")));
        List<String> a = c.argv();
        String line = String.join(" ", a);
        assertThat(line).contains("-accel tcg", "-smp cpus=4,sockets=2,cores=2,threads=1",
                "memory-backend-ram,id=mem0,size=256M", "node,nodeid=0,cpus=0-1,memdev=mem0",
                "node,nodeid=1,cpus=2-3,memdev=mem1", "fsnbot.boot=base-1 fsnbot.clock=wall", "-no-reboot",
                "-drive file=/d.img,if=virtio,format=raw,snapshot=on");
        int first = a.indexOf("-serial");
        assertThat(a.get(first + 1)).isEqualTo("chardev:console");
        assertThat(a.get(a.lastIndexOf("-serial") + 1)).isEqualTo("chardev:results");
        assertThat(a).as("unpinned: not paused, no QMP").doesNotContain("-S", "-qmp");
        assertThat(a).as("wall time: no icount").doesNotContain("-icount");
    }

    @Test
    void anInstructionClockIsIcountAtShiftThreeWithoutSleepToldToTheGuestAndOnlyUnderTcg() {
        QemuCommand c = new QemuCommand("qemu-system-x86_64", new Machine(Accelerator.TCG, Clock.INSTRUCTIONS,
                Topology.DEFAULT, Duration.ofMinutes(1), Optional.empty()), new Guest(Path.of("/k"), Path.of("/i"),
                        Optional.empty()), "base-1", new QemuCommand.Logs(Path.of("/c.log"), Path.of("/r.log"),
                                Path.of("/q.qmp")));
        List<String> a = c.argv();
        assertThat(a.get(a.indexOf("-icount") + 1)).isEqualTo("shift=3,sleep=off");
        assertThat(a.get(a.indexOf("-append") + 1)).as("the guest's init picks its workload list by it")
                .endsWith("fsnbot.boot=base-1 fsnbot.clock=instructions");
        assertThatThrownBy(() -> new Machine(Accelerator.KVM, Clock.INSTRUCTIONS, Topology.DEFAULT,
                Duration.ofMinutes(1), Optional.empty())).hasMessageContaining("only TCG");
    }

    @Test
    void workloadsDecidedByEarlierBootsAreNamedToTheGuestAsPlainWords() {
        Guest g = new Guest(Path.of("/k"), Path.of("/i"), Optional.empty()).withoutWorkloads(Set.of("openclose-evpath",
                "byte-write"));
        QemuCommand c = new QemuCommand("qemu-system-x86_64", new Machine(Accelerator.TCG, Topology.DEFAULT,
                Duration.ofMinutes(1)), g, "base-4", new QemuCommand.Logs(Path.of("/c.log"), Path.of("/r.log"),
                        Path.of("/q.qmp")));
        List<String> a = c.argv();
        assertThat(a.get(a.indexOf("-append") + 1)).endsWith("fsnbot.clock=wall fsnbot.skip=byte-write,openclose-evpath");
        for (String bad : List.of("a b", "x;reboot", "", "Byte", "-x", "a,b")) {
            assertThatThrownBy(() -> g.withoutWorkloads(Set.of(bad))).hasMessageContaining("not a workload name");
        }
    }

    @Test
    void aPinnedGuestIsPausedForQmpWithEachNodesMemoryBoundAndTheHostsDistances(@TempDir Path tmp)
            throws Exception {
        HostTopology host = HostTopology.read(SysfsFixture.expand("2s-xeon", tmp), tmp.resolve("none"));
        Topology t = Topology.parse("mirror").mirroring(host);
        QemuCommand c = new QemuCommand("qemu-system-x86_64", new Machine(Accelerator.KVM, Clock.WALL, t, Duration.ofMinutes(1),
                Optional.of(NumaPlan.of(t, host))), new Guest(Path.of("/k"), Path.of("/i"), Optional.empty()), "b-1",
                new QemuCommand.Logs(Path.of("/c.log"), Path.of("/r.log"), Path.of("/boots/b-1.qmp")));
        String line = String.join(" ", c.argv());
        assertThat(line).contains("-smp cpus=16,sockets=2,cores=8,threads=1",
                "memory-backend-ram,id=mem0,size=512M,host-nodes=0,policy=bind",
                "memory-backend-ram,id=mem1,size=512M,host-nodes=1,policy=bind",
                "-numa dist,src=0,dst=1,val=21", "-numa dist,src=1,dst=0,val=21", "-S",
                "-qmp unix:/boots/b-1.qmp -name");
        assertThat(line).doesNotContain("dst=0,val=10");
        // What a job's files keep for a reader: the same guest, placed where the reader's host puts it.
        String portable = String.join(" ", c.portableArgv());
        assertThat(portable).contains("-smp cpus=16,sockets=2,cores=8,threads=1", "-kernel @KERNEL@")
                .doesNotContain("host-nodes", "-S ", "-qmp");
    }

    @Test
    void aPlanInHugepagesPreallocatesMemfdPagesOfItsSizeStillBoundToTheNode(@TempDir Path tmp) throws Exception {
        Path sys = SysfsFixture.expand("2s-xeon", tmp);
        HostTopology host = HostTopology.read(sys, tmp.resolve("none"));
        for (int n = 0; n < 2; n++) {
            Path d = java.nio.file.Files.createDirectories(sys.resolve("devices/system/node/node" + n
                    + "/hugepages/hugepages-2048kB"));
            java.nio.file.Files.writeString(d.resolve("free_hugepages"), "256\n");
        }
        Topology t = Topology.parse("mirror").mirroring(host);
        QemuCommand c = new QemuCommand("qemu-system-x86_64", new Machine(Accelerator.KVM, Clock.WALL, t, Duration.ofMinutes(1),
                Optional.of(NumaPlan.of(t, host, new Hugepages(2048, sys)))), new Guest(Path.of("/k"), Path.of("/i"),
                        Optional.empty()), "b-1", new QemuCommand.Logs(Path.of("/c.log"), Path.of("/r.log"),
                                Path.of("/boots/b-1.qmp")));
        assertThat(String.join(" ", c.argv())).contains("memory-backend-memfd,id=mem0,size=512M,hugetlb=on,"
                + "hugetlbsize=2048K,prealloc=on,host-nodes=0,policy=bind", "memory-backend-memfd,id=mem1,size=512M,"
                + "hugetlb=on,hugetlbsize=2048K,prealloc=on,host-nodes=1,policy=bind").doesNotContain("backend-ram");
    }
}
