package org.fsnbot.vm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.fsnbot.exec.CommandResult;
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

    public QemuBoot(Sandbox sandbox) {
        this(sandbox, QEMU);
    }

    public QemuBoot(Sandbox sandbox, String qemu) {
        this.sandbox = sandbox;
        this.qemu = qemu;
    }

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
                dir.resolve(bootId + ".results.log"));
        Files.deleteIfExists(logs.console());
        Files.deleteIfExists(logs.results());
        QemuCommand cmd = new QemuCommand(qemu, machine, guest, bootId, logs);
        CommandResult r = run(cmd, dir);
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
        return new BootOutcome(bootId, BootStatus.OK, accel, secs, d.payload().get(), console, "ok");
    }
}
