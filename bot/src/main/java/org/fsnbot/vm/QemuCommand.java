package org.fsnbot.vm;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.fsnbot.boot.Guest;
import org.fsnbot.plan.Clock;
import org.fsnbot.plan.NumaPlan;
import org.fsnbot.plan.Topology;

/**
 * The QEMU command line for one boot: icount for an instruction clock,
 * topology as -smp plus one -numa node
 * per NUMA node with its own memory backend (bound to its host node, with
 * the host's distances, when the topology is pinned; in hugepages when
 * the plan says so), the console on the
 * first serial port and the results on the second; an optional disk
 * becomes the guest's /dev/vda.
 */
public record QemuCommand(String binary, Machine machine, Guest guest, String bootId, Logs logs) {

    /** Where the two serial ports go (in the boot's space), and fsnbot's QMP socket of a pinned boot. */
    public record Logs(Path console, Path results, Path qmp) {
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

    /** What a portable command line says for the side's kernel and the boot's two serial logs. */
    public static final String KERNEL = "@KERNEL@";
    public static final String CONSOLE = "@CONSOLE@";
    public static final String RESULTS = "@RESULTS@";

    /**
     * This boot's command line as a reader reruns it from a job's files
     * alone (scripts/reproduce-job.sh): QEMU by its usual name, the side's
     * kernel and the logs as placeholders, the initramfs and disk by their
     * file names in the job's directory, and unpinned: host nodes and vCPU
     * threads are this runner's, and pinning them takes fsnbot's QMP.
     */
    public List<String> portableArgv() {
        Topology t = machine.topology();
        Machine unpinned = new Machine(machine.accel(), machine.clock(), new Topology(t.sockets(), t.cores(),
                t.threads(), t.nodes(), t.memoryMiB()), machine.timeout(), Optional.empty());
        Guest files = new Guest(Path.of(KERNEL), guest.initrd().getFileName(), guest.disk().map(Path::getFileName),
                guest.notRun());
        return new QemuCommand("qemu-system-x86_64", unpinned, files, bootId, new Logs(Path.of(CONSOLE),
                Path.of(RESULTS), logs.qmp())).argv();
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
        if (machine.clock() == Clock.INSTRUCTIONS) {
            // Guest time advances 2^shift ns per instruction and skips idle (sleep=off): what the
            // workloads time becomes a count of instructions, the same on a busy host as on a quiet one.
            a.addAll(List.of("-icount", "shift=" + Clock.ICOUNT_SHIFT + ",sleep=off"));
        }
        int perNode = t.cpus() / t.nodes();
        Optional<NumaPlan> plan = machine.plan();
        for (int n = 0; n < t.nodes(); n++) {
            int first = n * perNode;
            int last = first + perNode - 1;
            String bind = "";
            if (plan.isPresent() && plan.get().memoryBound()) {
                bind = ",host-nodes=" + plan.get().nodes().get(n).hostNode() + ",policy=bind";
            }
            // Hugepages through memfd (no hugetlbfs mount to share with the sandbox), allocated at start
            // (prealloc) so that pages that run out fail the boot at once, not the guest mid-run.
            String backend = plan.isPresent() && plan.get().hugepageKiB() > 0
                    ? "memory-backend-memfd,id=mem" + n + ",size=" + t.memoryPerNodeMiB() + "M,hugetlb=on,hugetlbsize="
                            + plan.get().hugepageKiB() + "K,prealloc=on"
                    : "memory-backend-ram,id=mem" + n + ",size=" + t.memoryPerNodeMiB() + "M";
            a.addAll(List.of("-object", backend + bind,
                    "-numa", "node,nodeid=" + n + ",cpus=" + (first == last ? first : first + "-" + last)
                            + ",memdev=mem" + n));
        }
        if (plan.isPresent()) {
            List<List<Integer>> d = plan.get().distances();
            for (int i = 0; i < d.size(); i++) {
                for (int j = 0; j < d.size(); j++) {
                    if (i != j) {
                        a.addAll(List.of("-numa", "dist,src=" + i + ",dst=" + j + ",val=" + d.get(i).get(j)));
                    }
                }
            }
            // Paused until fsnbot has pinned the vCPU threads over QMP (VcpuPinner), then "cont"; the
            // threads named ("CPU 0/TCG") so that an operator's ps -T shows which is which. QEMU
            // connects to fsnbot's socket: a socket QEMU made would be a name fsnbot must not open.
            a.addAll(List.of("-S", "-qmp", "unix:" + logs.qmp(),
                    "-name", "fsnbot-" + bootId + ",debug-threads=on"));
        }
        a.addAll(List.of(
                "-kernel", guest.kernel().toString(),
                "-initrd", guest.initrd().toString(),
                "-append", "console=ttyS0 panic=-1 oops=panic loglevel=6 rdinit=/init fsnbot.boot=" + bootId
                        + " fsnbot.clock=" + machine.clock().word() + guest.notRunParameter(),
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
