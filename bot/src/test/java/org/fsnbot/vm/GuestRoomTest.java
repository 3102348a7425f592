package org.fsnbot.vm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.fsnbot.plan.HostTopology;
import org.fsnbot.plan.Topology;
import org.junit.jupiter.api.Test;

/** The largest guest a runner boots comes from the host, and so does the boot's cgroup. */
class GuestRoomTest {

    private static HostTopology host(int cpus, long memoryMiB) {
        List<HostTopology.Cpu> all = new java.util.ArrayList<>();
        List<Integer> ids = new java.util.ArrayList<>();
        for (int i = 0; i < cpus; i++) {
            all.add(new HostTopology.Cpu(i, 0, i));
            ids.add(i);
        }
        return new HostTopology(all, List.of(new HostTopology.Node(0, ids, memoryMiB, List.of(10))), false);
    }

    @Test
    void aGuestLargerThanTheRunnerGivesIsRefusedAndTheCgroupNeverGrowsWithTheRequest() throws Exception {
        GuestRoom room = GuestRoom.of(host(2, 24_000));
        assertThat(room).isEqualTo(new GuestRoom(12_000, 4));
        room.admit(Topology.DEFAULT);
        assertThat(room.cgroupMiB(Topology.DEFAULT)).isEqualTo(512 + GuestRoom.QEMU_OWN_MIB);
        Topology big = Topology.parse("sockets=2,nodes=2,mem=200000M");
        assertThatThrownBy(() -> room.admit(big)).isInstanceOf(GuestRoom.GuestTooLarge.class)
                .hasMessageContaining("at most 4 vCPUs and 12000 MiB");
        assertThat(room.cgroupMiB(big)).as("sized by the room").isEqualTo(12_000 + GuestRoom.QEMU_OWN_MIB);
        assertThatThrownBy(() -> room.admit(Topology.parse("sockets=8,nodes=2"))).hasMessageContaining("8 vCPUs");
    }
}
