package org.fsnbot.vm;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.fsnbot.plan.Topology;

/**
 * The QEMU command line for one boot: topology as -smp plus one -numa node
 * per NUMA node with its own memory backend, the console on the first
 * serial port and the results on the second; an optional disk becomes the
 * guest's /dev/vda.
 */
public record QemuCommand(String binary, Machine machine, Guest guest, String bootId, Logs logs) {

    /** Where the two serial ports go. */
    public record Logs(Path console, Path results) {
    }

    public QemuCommand {
        Objects.requireNonNull(binary);
        Objects.requireNonNull(machine);
        Objects.requireNonNull(guest);
        Objects.requireNonNull(logs);
        if (!bootId.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("boot id must be a plain token: " + bootId);
        }
    }

    public List<String> argv() {
        Topology t = machine.topology();
        Accelerator accel = machine.accel();
        // -sandbox on: QEMU's own seccomp filter, inside fsnbot's sandbox, for a
        // guest that finds a way out of the emulator.
        List<String> a = new ArrayList<>(List.of(binary, "-sandbox", "on",
                "-machine", "pc", "-accel", accel.qemuName(), "-cpu", accel.cpuModel(),
                "-smp", "cpus=" + t.cpus() + ",sockets=" + t.sockets() + ",cores=" + t.cores() + ",threads=" + t.threads(),
                "-m", t.memoryMiB() + "M"));
        int perNode = t.cpus() / t.nodes();
        for (int n = 0; n < t.nodes(); n++) {
            int first = n * perNode;
            int last = first + perNode - 1;
            a.addAll(List.of("-object", "memory-backend-ram,id=mem" + n + ",size=" + t.memoryPerNodeMiB() + "M",
                    "-numa", "node,nodeid=" + n + ",cpus=" + (first == last ? first : first + "-" + last)
                            + ",memdev=mem" + n));
        }
        a.addAll(List.of(
                "-kernel", guest.kernel().toString(),
                "-initrd", guest.initrd().toString(),
                "-append", "console=ttyS0 panic=-1 oops=panic loglevel=6 rdinit=/init fsnbot.boot=" + bootId,
                "-nodefaults", "-display", "none", "-no-reboot", "-monitor", "none",
                "-chardev", "file,id=console,path=" + logs.console(),
                "-serial", "chardev:console",
                "-chardev", "file,id=results,path=" + logs.results(),
                "-serial", "chardev:results"));
        // snapshot=on: every boot starts from the same filesystem image.
        guest.disk().ifPresent(d -> a.addAll(List.of("-drive", "file=" + d + ",if=virtio,format=raw,snapshot=on")));
        return a;
    }
}
