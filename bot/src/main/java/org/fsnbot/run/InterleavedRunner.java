package org.fsnbot.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.fsnbot.plan.Topology;
import org.fsnbot.vm.Accelerator;
import org.fsnbot.vm.BootOutcome;
import org.fsnbot.vm.BootStatus;
import org.fsnbot.vm.QemuBoot;

/**
 * Boots base and patched kernels alternately (A B A B ...), so slow drift
 * of the host affects both sides alike. A failed boot is retried once and
 * never yields samples; a second failure ends the run.
 */
public final class InterleavedRunner {

    private final QemuBoot qemu;
    private final ResultParser parser;
    private final PrintStream progress;

    public InterleavedRunner(QemuBoot qemu, ResultParser parser, PrintStream progress) {
        this.qemu = qemu;
        this.parser = parser;
        this.progress = progress;
    }

    /** What to boot: a kernel and its initramfs. */
    public record Kernel(Side side, Path bzImage, Path initrd, Optional<Path> disk) {
    }

    public RunResult run(Kernel base, Kernel patched, int bootsPerKernel, Accelerator accel, Topology topology,
            Duration timeout, Path dir, Consumer<BootRecord> onBoot) throws IOException {
        return run(base, patched, 0, bootsPerKernel, accel, topology, timeout, dir, onBoot);
    }

    /** Boot pairs with indexes from (inclusive) to (exclusive): for adding pairs to a running job. */
    public RunResult run(Kernel base, Kernel patched, int from, int to, Accelerator accel, Topology topology,
            Duration timeout, Path dir, Consumer<BootRecord> onBoot) throws IOException {
        List<BootRecord> all = new ArrayList<>();
        for (int i = from; i < to; i++) {
            for (Kernel k : List.of(base, patched)) {
                BootRecord r = bootWithRetry(k, i, accel, topology, timeout, dir, all, onBoot);
                if (r.outcome().status().infrastructureFailure()) {
                    return new RunResult(all, Optional.of(r));
                }
            }
        }
        return new RunResult(all, Optional.empty());
    }

    private BootRecord bootWithRetry(Kernel k, int index, Accelerator accel, Topology topology, Duration timeout,
            Path dir, List<BootRecord> all, Consumer<BootRecord> onBoot) throws IOException {
        BootRecord last = null;
        for (int attempt = 1; attempt <= 2; attempt++) {
            String id = k.side().name().toLowerCase() + "-" + (index + 1) + "-try" + attempt;
            BootOutcome o = qemu.boot(accel, topology, k.bzImage(), k.initrd(), k.disk(), id, dir, timeout);
            last = record(k.side(), index, attempt, o);
            all.add(last);
            onBoot.accept(last);
            progress.printf("  boot %-16s %-11s %6.1f s  %s%n", id, last.outcome().status(), o.seconds(),
                    last.outcome().status() == BootStatus.OK ? last.samples().size() + " samples" : last.outcome().detail());
            if (last.outcome().status() == BootStatus.OK) {
                return last;
            }
        }
        return last;
    }

    private BootRecord record(Side side, int index, int attempt, BootOutcome o) {
        if (o.status() != BootStatus.OK) {
            return new BootRecord(side, index, attempt, o, List.of(), List.of(), List.of(), "");
        }
        try {
            ResultParser.Parsed p = parser.parse(side, index, o.results());
            return new BootRecord(side, index, attempt, o, p.samples(), p.gateFailures(), p.skipped(),
                    p.guest() == null ? "" : p.guest().toString());
        } catch (ResultParser.BadResultsException e) {
            BootOutcome bad = new BootOutcome(o.bootId(), BootStatus.NO_RESULTS, o.accel(), o.seconds(), List.of(),
                    o.consoleLog(), o.consoleTail(), e.getMessage());
            return new BootRecord(side, index, attempt, bad, List.of(), List.of(), List.of(), "");
        }
    }
}
