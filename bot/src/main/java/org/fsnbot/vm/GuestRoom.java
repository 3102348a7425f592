package org.fsnbot.vm;

import java.io.IOException;
import org.fsnbot.plan.HostTopology;
import org.fsnbot.plan.Topology;

/**
 * The largest guest this runner boots, from the host, never from the
 * request: at most half its memory (the rest is the host's, the build's
 * and QEMU's own), and at most twice its CPUs as vCPUs (more measure
 * nothing but the host's scheduler). A rerun by mail may ask for any
 * topology its grammar takes; the runner boots only what fits, and the
 * boot's cgroup is sized from this room, so a request cannot raise it.
 */
public record GuestRoom(long memoryMiB, int vcpus) {

    /** What QEMU itself uses beside the guest's memory (TCG's code cache, devices). */
    static final long QEMU_OWN_MIB = 2048;

    public GuestRoom {
        if (memoryMiB < 128 || vcpus < 1) {
            throw new IllegalArgumentException("a runner's guest room holds a guest: " + memoryMiB + " MiB, "
                    + vcpus + " vCPUs");
        }
    }

    /** This host's room (memory unknown, as where sysfs cannot be read: the format's own bound). */
    public static GuestRoom of(HostTopology host) {
        long mem = host.memoryMiB() > 0 ? Math.max(128, host.memoryMiB() / 2) : Topology.MAX_MEMORY_MIB;
        int cpus = host.cpus().size();
        return new GuestRoom(mem, (int) Math.min(Topology.MAX_VCPUS, 2L * Math.max(1, cpus)));
    }

    /** Throws, saying what this runner gives, unless t fits. */
    public void admit(Topology t) throws IOException {
        if (t.memoryMiB() > memoryMiB || t.cpus() > vcpus) {
            throw new GuestTooLarge("the guest asked for " + t.cpus() + " vCPUs and " + t.memoryMiB() + " MiB; this"
                    + " runner boots at most " + vcpus + " vCPUs and " + memoryMiB + " MiB (half its memory,"
                    + " twice its CPUs)");
        }
    }

    /** The memory a boot's cgroup allows: the guest's within this room, and QEMU's own. */
    public long cgroupMiB(Topology t) {
        return Math.min(t.memoryMiB(), memoryMiB) + QEMU_OWN_MIB;
    }

    /** A guest this runner will not boot: the request's doing, not the runner's. */
    public static final class GuestTooLarge extends IOException {
        private static final long serialVersionUID = 1L;

        GuestTooLarge(String message) {
            super(message);
        }
    }
}
