package org.fsnbot.vm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.exec.Limits;
import org.fsnbot.exec.Mount;
import org.fsnbot.exec.Sandbox;
import org.fsnbot.exec.SandboxStep;

/**
 * Boots one kernel with one initramfs in QEMU and classifies the result.
 * A panic, a hang (timeout), QEMU dying or garbled results are
 * infrastructure failures: they never become samples.
 */
public final class QemuBoot implements Booter {

    public static final String QEMU = "qemu-system-x86_64";
    private static final Pattern PANIC = Pattern.compile(
            "Kernel panic - not syncing|BUG: kernel NULL pointer|general protection fault|Oops:|BUG: unable to handle");
    private static final int TAIL = 60;

    private static final Path KVM = Path.of("/dev/kvm");

    private final Sandbox sandbox;
    private final String qemu;
    private final CommandRunner runner = new CommandRunner();

    public QemuBoot(Sandbox sandbox) {
        this(sandbox, QEMU);
    }

    public QemuBoot(Sandbox sandbox, String qemu) {
        this.sandbox = sandbox;
        this.qemu = qemu;
    }

    /** A Unix socket's path fits in sun_path (108 bytes with its NUL). */
    private static final int MAX_SOCKET_PATH = 107;

    /**
     * QEMU runs the candidate's kernel, so it runs in the sandbox: the
     * kernel, initramfs and disk read-only, the boot's directory (its two
     * serial logs) the one writable place, /dev/kvm when it is used.
     */
    private CommandResult run(QemuCommand cmd, Path dir) throws IOException {
        Guest g = cmd.guest();
        List<Mount> mounts = new ArrayList<>(List.of(Mount.writable(dir), Mount.readOnly(g.kernel()),
                Mount.readOnly(g.initrd())));
        g.disk().ifPresent(d -> mounts.add(Mount.readOnly(d)));
        Machine m = cmd.machine();
        if (m.accel() == Accelerator.KVM && Files.exists(KVM)) {
            mounts.add(Mount.device(KVM));
        }
        SandboxStep step = new SandboxStep(cmd.argv(), dir.toAbsolutePath().normalize(), Map.of(), mounts,
                SandboxStep.Handles.UNTRUSTED_CODE, Limits.boot(m.topology().memoryMiB(), m.timeout().toSeconds()),
                m.timeout());
        sandbox.handOver(dir);
        try {
            return sandbox.run(step, line -> { });
        } finally {
            sandbox.takeBack(dir);
        }
    }

    @Override
    public BootOutcome boot(Guest guest, Machine machine, String bootId, Path dir) throws IOException {
        Files.createDirectories(dir);
        QemuCommand.Logs logs = new QemuCommand.Logs(dir.resolve(bootId + ".console.log"),
                dir.resolve(bootId + ".results.log"), dir.toAbsolutePath().normalize().resolve(bootId + ".qmp"));
        Files.deleteIfExists(logs.console());
        Files.deleteIfExists(logs.results());
        Files.deleteIfExists(logs.qmp());
        QemuCommand cmd = new QemuCommand(qemu, machine, guest, bootId, logs);
        Optional<VcpuPinner> pinner = machine.plan().map(p -> new VcpuPinner(logs.qmp(), bootId, p, runner,
                Path.of("/proc")));
        if (pinner.isPresent() && logs.qmp().toString().length() > MAX_SOCKET_PATH) {
            throw new IOException("the boot directory's path is too long for QEMU's QMP socket (pinning needs it): "
                    + dir);
        }
        Thread pinning = pinner.map(p -> new Thread(p, "fsnbot-pin-" + bootId)).orElse(null);
        if (pinning != null) {
            pinning.setDaemon(true);
            pinning.start();
        }
        CommandResult r = run(cmd, dir);
        if (pinning != null) {
            try {
                pinning.join(Duration.ofSeconds(90).toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        double secs = r.millis() / 1000.0;
        List<String> consoleLines = Files.exists(logs.console())
                ? List.of(new String(Files.readAllBytes(logs.console()), StandardCharsets.ISO_8859_1).replace("\r", "")
                        .split("\n"))
                : List.of();
        BootOutcome.Console console = new BootOutcome.Console(logs.console(),
                consoleLines.subList(Math.max(0, consoleLines.size() - TAIL), consoleLines.size()));
        Accelerator accel = machine.accel();
        for (String line : consoleLines) {
            if (PANIC.matcher(line).find()) {
                return new BootOutcome(bootId, BootStatus.PANIC, accel, secs, List.of(), console,
                        "kernel panic: " + line.trim());
            }
        }
        Optional<String> unpinned = pinner.flatMap(VcpuPinner::fatal);
        if (unpinned.isPresent()) {
            return new BootOutcome(bootId, BootStatus.QEMU_FAILED, accel, secs, List.of(), console, unpinned.get());
        }
        if (r.timedOut()) {
            return new BootOutcome(bootId, BootStatus.TIMEOUT, accel, secs, List.of(), console,
                    "no power-off within " + machine.timeout().toSeconds() + " s (hang), QEMU killed");
        }
        if (r.exitCode() != 0) {
            return new BootOutcome(bootId, BootStatus.QEMU_FAILED, accel, secs, List.of(), console,
                    "QEMU exited " + r.exitCode() + ": " + String.join(" | ", r.tail(5)));
        }
        List<String> resultLines = Files.exists(logs.results())
                ? List.of(new String(Files.readAllBytes(logs.results()), StandardCharsets.UTF_8).split("\n"))
                : List.of();
        SerialFrames.Decoded d = SerialFrames.decode(resultLines, bootId);
        if (d.payload().isEmpty() || d.payload().get().isEmpty()) {
            return new BootOutcome(bootId, BootStatus.NO_RESULTS, accel, secs, List.of(), console,
                    d.problem().isEmpty() ? "empty results" : d.problem());
        }
        // Where the vCPU threads were pinned is the host's to say, never the guest's:
        // a placement line from the guest is dropped, the host's added last.
        List<String> results = new ArrayList<>(d.payload().get().stream()
                .filter(l -> !l.contains("\"placement\"")).toList());
        pinner.map(VcpuPinner::report).ifPresent(results::add);
        return new BootOutcome(bootId, BootStatus.OK, accel, secs, results, console, "ok");
    }
}
