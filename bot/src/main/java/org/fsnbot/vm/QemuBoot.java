package org.fsnbot.vm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.plan.Topology;

/**
 * Boots one kernel with one initramfs and classifies the result. A panic,
 * a hang (timeout), QEMU dying or garbled results are infrastructure
 * failures: they never become samples.
 */
public final class QemuBoot {

    public static final String QEMU = "qemu-system-x86_64";
    private static final Pattern PANIC = Pattern.compile(
            "Kernel panic - not syncing|BUG: kernel NULL pointer|general protection fault|Oops:|BUG: unable to handle");
    private static final int TAIL = 60;

    private final CommandRunner runner;
    private final String qemu;

    public QemuBoot(CommandRunner runner) {
        this(runner, QEMU);
    }

    public QemuBoot(CommandRunner runner, String qemu) {
        this.runner = runner;
        this.qemu = qemu;
    }

    public BootOutcome boot(Accelerator accel, Topology topology, Path kernel, Path initrd, String bootId, Path dir,
            Duration timeout) throws IOException {
        return boot(accel, topology, kernel, initrd, Optional.empty(), bootId, dir, timeout);
    }

    public BootOutcome boot(Accelerator accel, Topology topology, Path kernel, Path initrd, Optional<Path> disk,
            String bootId, Path dir, Duration timeout) throws IOException {
        Files.createDirectories(dir);
        Path console = dir.resolve(bootId + ".console.log");
        Path results = dir.resolve(bootId + ".results.log");
        Files.deleteIfExists(console);
        Files.deleteIfExists(results);
        QemuCommand cmd = new QemuCommand(qemu, accel, topology, kernel, initrd, disk, bootId, console, results);
        CommandResult r = runner.run(cmd.argv(), dir, timeout);
        double secs = r.millis() / 1000.0;
        List<String> consoleLines = Files.exists(console)
                ? List.of(new String(Files.readAllBytes(console), StandardCharsets.ISO_8859_1).replace("\r", "").split("\n"))
                : List.of();
        List<String> tail = consoleLines.subList(Math.max(0, consoleLines.size() - TAIL), consoleLines.size());
        for (String line : consoleLines) {
            if (PANIC.matcher(line).find()) {
                return new BootOutcome(bootId, BootStatus.PANIC, accel, secs, List.of(), console, tail,
                        "kernel panic: " + line.trim());
            }
        }
        if (r.timedOut()) {
            return new BootOutcome(bootId, BootStatus.TIMEOUT, accel, secs, List.of(), console, tail,
                    "no power-off within " + timeout.toSeconds() + " s (hang), QEMU killed");
        }
        if (r.exitCode() != 0) {
            return new BootOutcome(bootId, BootStatus.QEMU_FAILED, accel, secs, List.of(), console, tail,
                    "QEMU exited " + r.exitCode() + ": " + String.join(" | ", r.tail(5)));
        }
        List<String> resultLines = Files.exists(results)
                ? List.of(new String(Files.readAllBytes(results), StandardCharsets.UTF_8).split("\n"))
                : List.of();
        String[] problem = new String[1];
        Optional<List<String>> payload = SerialFrames.decode(resultLines, bootId, problem);
        if (payload.isEmpty() || payload.get().isEmpty()) {
            return new BootOutcome(bootId, BootStatus.NO_RESULTS, accel, secs, List.of(), console, tail,
                    problem[0] == null ? "empty results" : problem[0]);
        }
        return new BootOutcome(bootId, BootStatus.OK, accel, secs, payload.get(), console, tail, "ok");
    }
}
