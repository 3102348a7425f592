package org.fsnbot.vm;

import java.io.IOException;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.fsnbot.boot.BootOutcome;
import org.fsnbot.boot.BootStatus;
import org.fsnbot.boot.Guest;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.exec.Leftovers;
import org.fsnbot.exec.Limits;
import org.fsnbot.exec.Mount;
import org.fsnbot.exec.Sandbox;
import org.fsnbot.exec.SandboxStep;
import org.fsnbot.exec.Space;

/**
 * Boots one kernel with one initramfs in QEMU and classifies the result.
 * A panic, a hang (timeout), QEMU dying or garbled results are
 * infrastructure failures: they never become samples.
 *
 * QEMU runs the candidate's kernel, so it runs in the sandbox, and what it
 * writes is the candidate's: each boot writes its two serial logs into a
 * space of its own (a sized tmpfs), from which fsnbot copies them back
 * through the sandbox, bounded (the console's last CONSOLE_BYTES, the
 * results' first RESULT_BYTES), into the boot directory, then drops it.
 */
public final class QemuBoot implements Booter {

    public static final String QEMU = "qemu-system-x86_64";
    private static final Pattern PANIC = Pattern.compile(
            "Kernel panic - not syncing|BUG: kernel NULL pointer|general protection fault|Oops:|BUG: unable to handle");
    private static final int TAIL = 60;
    /** The console kept: its end, where a panic and what led to it are. */
    static final long CONSOLE_BYTES = 1L << 20;
    /** The results kept: the full profile's are well under 1 MiB. */
    static final long RESULT_BYTES = 16L << 20;

    /** A boot's space: its two logs at their file size limit, and room to spare. */
    private static final long SPACE_BYTES = 2 * Limits.BOOT_LOG_BYTES + (16L << 20);

    private static final Path KVM = Path.of("/dev/kvm");

    private final Sandbox sandbox;
    private final Leftovers leftovers;
    private final GuestRoom room;
    private final String qemu;
    private final CommandRunner runner = new CommandRunner();

    public QemuBoot(Sandbox sandbox) {
        this(sandbox, QEMU);
    }

    public QemuBoot(Sandbox sandbox, String qemu) {
        this(sandbox, qemu, GuestRoom.of(org.fsnbot.plan.HostTopology.readOrGuess()));
    }

    /** With the largest guest this runner boots (room), not this host's own. */
    public QemuBoot(Sandbox sandbox, String qemu, GuestRoom room) {
        this.sandbox = sandbox;
        this.leftovers = new Leftovers(sandbox);
        this.qemu = qemu;
        this.room = room;
    }

    /** A Unix socket's path fits in sun_path (108 bytes with its NUL). */
    private static final int MAX_SOCKET_PATH = 107;

    /**
     * QEMU in the sandbox: the kernel, initramfs and disk read-only, the
     * boot's space the one writable place, fsnbot's QMP socket when the
     * boot is pinned, /dev/kvm when it is used.
     */
    private CommandResult run(QemuCommand cmd, Path space) throws IOException {
        Guest g = cmd.guest();
        List<Mount> mounts = new ArrayList<>(List.of(Mount.writable(space), Mount.readOnly(g.kernel()),
                Mount.readOnly(g.initrd())));
        g.disk().ifPresent(d -> mounts.add(Mount.readOnly(d)));
        Machine m = cmd.machine();
        if (m.plan().isPresent()) {
            mounts.add(Mount.readOnly(cmd.logs().qmp()));
        }
        if (m.accel() == Accelerator.KVM && Files.exists(KVM)) {
            mounts.add(Mount.device(KVM));
        }
        room.admit(m.topology());
        SandboxStep step = new SandboxStep(cmd.argv(), space, Map.of(), mounts,
                SandboxStep.Handles.UNTRUSTED_CODE, Limits.boot(room.cgroupMiB(m.topology()), m.timeout().toSeconds(),
                        m.topology().cpus()), m.timeout());
        sandbox.handOver(space);
        return sandbox.run(step, line -> { });
    }

    @Override
    public BootOutcome boot(Guest guest, Machine machine, String bootId, Path dir) throws IOException {
        Files.createDirectories(dir);
        Path consoleLog = dir.resolve(bootId + ".console.log");
        Path resultsLog = dir.resolve(bootId + ".results.log");
        Path qmp = dir.toAbsolutePath().normalize().resolve(bootId + ".qmp");
        for (Path p : List.of(consoleLog, resultsLog, qmp)) {
            Files.deleteIfExists(p);
        }
        if (machine.plan().isPresent() && qmp.toString().length() > MAX_SOCKET_PATH) {
            throw new IOException("the boot directory's path is too long for QEMU's QMP socket (pinning needs it): "
                    + dir);
        }
        CommandResult r;
        Optional<VcpuPinner> pinner = Optional.empty();
        try (Space space = sandbox.space(dir.toAbsolutePath().normalize().resolve(bootId + ".run"), SPACE_BYTES);
                ServerSocketChannel listener = machine.plan().isPresent() ? QmpClient.listen(qmp) : null) {
            QemuCommand cmd = new QemuCommand(qemu, machine, guest, bootId, new QemuCommand.Logs(
                    space.dir().resolve("console.log"), space.dir().resolve("results.log"), qmp));
            // One argument a line: what scripts/reproduce-job.sh boots again from the job's files.
            Files.writeString(dir.resolve(bootId + ".qemu"), String.join("\n", cmd.portableArgv()) + "\n");
            if (listener != null) {
                sandbox.handOver(qmp);
            }
            pinner = machine.plan().map(p -> new VcpuPinner(listener, bootId, p, runner, Path.of("/proc")));
            Thread pinning = pinner.map(p -> new Thread(p, "fsnbot-pin-" + bootId)).orElse(null);
            if (pinning != null) {
                pinning.setDaemon(true);
                pinning.start();
            }
            r = run(cmd, space.dir());
            if (pinning != null) {
                try {
                    pinning.join(Duration.ofSeconds(90).toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            leftovers.copy(space.dir(), "console.log", consoleLog, CONSOLE_BYTES, Leftovers.End.TAIL);
            leftovers.copy(space.dir(), "results.log", resultsLog, RESULT_BYTES, Leftovers.End.HEAD);
        } finally {
            Files.deleteIfExists(qmp);
        }
        return judge(r, machine, bootId, consoleLog, resultsLog, pinner);
    }

    private static BootOutcome judge(CommandResult r, Machine machine, String bootId, Path consoleLog,
            Path resultsLog, Optional<VcpuPinner> pinner) throws IOException {
        double secs = r.millis() / 1000.0;
        List<String> consoleLines = Files.exists(consoleLog)
                ? List.of(new String(Files.readAllBytes(consoleLog), StandardCharsets.ISO_8859_1).replace("\r", "")
                        .split("\n"))
                : List.of();
        BootOutcome.Console console = new BootOutcome.Console(consoleLog,
                consoleLines.subList(Math.max(0, consoleLines.size() - TAIL), consoleLines.size()));
        Accelerator accel = machine.accel();
        for (String line : consoleLines) {
            if (PANIC.matcher(line).find()) {
                return new BootOutcome(bootId, BootStatus.PANIC, accel.name(), secs, List.of(), console,
                        line.trim());
            }
        }
        Optional<String> unpinned = pinner.flatMap(VcpuPinner::fatal);
        if (unpinned.isPresent()) {
            return new BootOutcome(bootId, BootStatus.QEMU_FAILED, accel.name(), secs, List.of(), console, unpinned.get());
        }
        if (r.timedOut()) {
            return new BootOutcome(bootId, BootStatus.TIMEOUT, accel.name(), secs, List.of(), console, "");
        }
        if (r.exitCode() != 0) {
            return new BootOutcome(bootId, BootStatus.QEMU_FAILED, accel.name(), secs, List.of(), console,
                    "exit status " + r.exitCode() + (r.tail(5).isEmpty() ? "" : ": " + String.join(" | ", r.tail(5))));
        }
        List<String> resultLines = Files.exists(resultsLog)
                ? List.of(new String(Files.readAllBytes(resultsLog), StandardCharsets.UTF_8).split("\n"))
                : List.of();
        SerialFrames.Decoded d = SerialFrames.decode(resultLines, bootId);
        if (d.payload().isEmpty() || d.payload().get().isEmpty()) {
            return new BootOutcome(bootId, BootStatus.NO_RESULTS, accel.name(), secs, List.of(), console,
                    d.problem());
        }
        // Where the vCPU threads were pinned is the host's to say, never the guest's:
        // a placement line from the guest is dropped, the host's added last.
        List<String> results = new ArrayList<>(d.payload().get().stream()
                .filter(l -> !l.contains("\"placement\"")).toList());
        pinner.map(VcpuPinner::report).ifPresent(results::add);
        return new BootOutcome(bootId, BootStatus.OK, accel.name(), secs, results, console, "");
    }
}
