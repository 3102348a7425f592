package org.fsnbot.testbed.qemu;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.fsnbot.boot.BootOutcome;
import org.fsnbot.boot.BootStatus;
import org.fsnbot.run.BootRecord;
import org.fsnbot.run.BootResults;
import org.fsnbot.run.ResultParser;
import org.fsnbot.run.RunResult;
import org.fsnbot.run.Side;
import org.fsnbot.testbed.Budget;
import org.fsnbot.testbed.MorePairs;
import org.fsnbot.vm.Booter;
import org.fsnbot.plan.Clock;
import org.fsnbot.boot.Guest;
import org.fsnbot.boot.HostPressure;
import org.fsnbot.vm.Machine;
import org.fsnbot.vm.PressureGauge;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Boots base and patched kernels alternately (A B A B ...), so slow drift
 * of the host affects both sides alike. A failed boot is retried once and
 * never yields samples; a second failure ends the run. A wall-clock boot
 * during which the runner was busy (more CPU pressure than Quiet allows) yields no
 * samples either: it is booted again once the runner is quiet, up to
 * BUSY_ATTEMPTS times, and a runner that stays busy ends the run as an
 * infrastructure failure, never as noise in a verdict (an instruction
 * count is the same however busy the host is: its pressure is recorded,
 * not judged). After the initial
 * pairs, one more pair at a time is booted while the caller's rule wants
 * more and the budget allows, both of its boots without the workloads the
 * rule has settled; a gate failure or a failed boot stops that.
 * On the instruction clock the two boots of a pair run side by side when
 * the host has a CPU for each: QEMU runs an icount guest's vCPUs on one
 * host thread, and what the other boot takes from the host changes no
 * instruction count (docs/stats.md, "Clocks"), only the wall time, which
 * halves.
 */
public final class InterleavedRunner {

    /** How often a long wait for a quiet runner says it is still waiting. */
    private static final int WAIT_NOTE_SECONDS = 30;

    private static final Logger log = LoggerFactory.getLogger(InterleavedRunner.class);
    private static final int ATTEMPTS = 2;
    private static final int BUSY_ATTEMPTS = 4;

    /**
     * How quiet the runner must be while a boot measures: the most CPU
     * pressure a boot may see, how long to wait for a quiet second after a
     * busy boot, and the host's CPUs (a guest with more vCPUs than that
     * competes with itself, so its pressure is recorded but not judged).
     */
    public record Quiet(double maxPressurePct, Duration maxWait, int hostCpus) {
        public Quiet {
            if (!(maxPressurePct > 0 && maxPressurePct <= 100) || maxWait.isNegative() || hostCpus < 1) {
                throw new IllegalArgumentException("need 0 < maxPressurePct <= 100, maxWait >= 0, hostCpus >= 1");
            }
        }

        /**
         * Why boots on clock of a guest with cpus vCPUs are not judged by
         * their pressure, empty when they are: an instruction count does
         * not change with the host's load, and a guest with more vCPUs than
         * the host has CPUs competes with itself.
         */
        public String notJudged(Clock clock, int cpus) {
            if (clock == Clock.INSTRUCTIONS) {
                return "an instruction count does not change with the load";
            }
            return cpus <= hostCpus ? "" : "more vCPUs than host CPUs";
        }
    }

    /** A kernel to boot as one side of the comparison. */
    public record Kernel(Side side, Guest guest) {
    }

    /** What every boot of one comparison shares: the two kernels, the machine, where boots leave their files. */
    public record Pairing(Kernel base, Kernel patched, Machine machine, Path dir) {
        public Pairing {
            if (base.side() != Side.BASE || patched.side() != Side.PATCHED) {
                throw new IllegalArgumentException("a pairing is a base and a patched kernel, in that order");
            }
        }

        /** Both kernels' boots leaving out these workloads alike, so that a pair stays a like-for-like pair. */
        Pairing without(Set<String> workloads) {
            return workloads.isEmpty() ? this : new Pairing(new Kernel(Side.BASE, base.guest().withoutWorkloads(workloads)),
                    new Kernel(Side.PATCHED, patched.guest().withoutWorkloads(workloads)), machine, dir);
        }
    }

    private final Booter booter;
    private final ResultParser parser;
    private final PressureGauge gauge;
    private final Quiet quiet;

    public InterleavedRunner(Booter booter, ResultParser parser, PressureGauge gauge, Quiet quiet) {
        this.booter = booter;
        this.parser = parser;
        this.gauge = gauge;
        this.quiet = quiet;
    }

    public Quiet quiet() {
        return quiet;
    }

    /** Runs the budget's initial pairs, then more while the rule wants them; every boot goes to onBoot first. */
    public RunResult run(Pairing p, Budget budget, MorePairs more, Consumer<BootRecord> onBoot) throws IOException {
        BootProgress progress = new BootProgress(2 * budget.initialPairs(), 2 * budget.maxPairs(),
                sideBySide(p.machine()) ? 2 : 1);
        RunResult run = pairs(p, 0, budget.initialPairs(), onBoot, progress);
        int pairs = budget.initialPairs();
        while (run.failure().isEmpty() && run.gateFailures().isEmpty() && pairs < budget.maxPairs()
                && more.wanted(run, pairs)) {
            Set<String> settled = more.settled(run);
            log.info("after {} boots per kernel a verdict is still open: one more pair (budget {}){}", pairs,
                    budget.maxPairs(), settled.isEmpty() ? "" : ", without the decided " + String.join(", ",
                            settled));
            progress.morePlanned(2);
            run = run.plus(pairs(p.without(settled), pairs, pairs + 1, onBoot, progress));
            pairs++;
        }
        return run;
    }

    /**
     * Whether the boots of a pair may run side by side on machine: on the
     * instruction clock (one host thread a guest), with a host CPU for each.
     */
    boolean sideBySide(Machine machine) {
        return machine.clock() == Clock.INSTRUCTIONS && quiet.hostCpus() >= 2;
    }

    /** Boot pairs with indexes from (inclusive) to (exclusive); stops at the first boot that fails twice. */
    private RunResult pairs(Pairing p, int from, int to, Consumer<BootRecord> onBoot, BootProgress progress)
            throws IOException {
        List<BootRecord> all = new ArrayList<>();
        boolean together = sideBySide(p.machine());
        for (int i = from; i < to; i++) {
            List<List<BootRecord>> sides = new ArrayList<>();
            if (together) {
                sides.addAll(together(p, i));
            } else {
                for (Kernel k : List.of(p.base(), p.patched())) {
                    List<BootRecord> attempts = attempts(p, k, i, onBoot);
                    sides.add(attempts);
                    if (attempts.get(attempts.size() - 1).outcome().status().infrastructureFailure()) {
                        break;
                    }
                }
            }
            Optional<BootRecord> failed = Optional.empty();
            for (List<BootRecord> attempts : sides) {
                if (together) {
                    attempts.forEach(onBoot);
                }
                all.addAll(attempts);
                BootRecord r = attempts.get(attempts.size() - 1);
                progress.booted(r.outcome().seconds());
                log.info("{}", progress.line());
                if (failed.isEmpty() && r.outcome().status().infrastructureFailure()) {
                    failed = Optional.of(r);
                }
            }
            if (failed.isPresent()) {
                return new RunResult(all, failed);
            }
        }
        return new RunResult(all, Optional.empty());
    }

    /** Pair index's base and patched boots (each with its retries) at the same time; base's attempts first. */
    private List<List<BootRecord>> together(Pairing p, int index) throws IOException {
        ExecutorService second = Executors.newSingleThreadExecutor(r -> new Thread(r, "fsnbot-boot-patched-"
                + (index + 1)));
        try {
            Future<List<BootRecord>> patched = second.submit(() -> attempts(p, p.patched(), index, r -> { }));
            List<BootRecord> base;
            try {
                base = attempts(p, p.base(), index, r -> { });
            } catch (IOException | RuntimeException e) {
                patched.cancel(true);
                throw e;
            }
            try {
                return List.of(base, patched.get());
            } catch (InterruptedException e) {
                patched.cancel(true);
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while the patched kernel's boot " + (index + 1) + " ran", e);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof IOException io) {
                    throw io;
                }
                if (e.getCause() instanceof RuntimeException re) {
                    throw re;
                }
                throw new IOException(e.getCause());
            }
        } finally {
            second.shutdownNow();
        }
    }

    /** Boots k until it is OK or out of attempts; every attempt, the last one last, each to onBoot as it ends. */
    private List<BootRecord> attempts(Pairing p, Kernel k, int index, Consumer<BootRecord> onBoot)
            throws IOException {
        boolean judged = quiet.notJudged(p.machine().clock(), p.machine().topology().cpus()).isEmpty();
        List<BootRecord> attempts = new ArrayList<>();
        BootRecord last = null;
        for (int attempt = 1; ; attempt++) {
            if (last != null && last.outcome().status() == BootStatus.BUSY) {
                awaitQuiet();
            }
            String id = k.side().name().toLowerCase(Locale.ROOT) + "-" + (index + 1) + "-try" + attempt;
            PressureGauge.Reading before = gauge.read();
            BootOutcome o = booter.boot(k.guest(), p.machine(), id, p.dir());
            last = record(k.side(), index, attempt, o, gauge.since(before), judged, p.machine().clock());
            attempts.add(last);
            onBoot.accept(last);
            BootStatus status = last.outcome().status();
            log.info("boot {} {} {} s {}", id, status, String.format(Locale.ROOT, "%.1f", o.seconds()),
                    status == BootStatus.OK ? last.samples().size() + " samples, " + last.pressure().describe()
                            : last.outcome().evidence() + " (" + last.pressure().describe() + ")");
            if (status == BootStatus.OK || attempt >= (status == BootStatus.BUSY ? BUSY_ATTEMPTS : ATTEMPTS)) {
                return attempts;
            }
        }
    }

    /**
     * Waits, at most quiet.maxWait, for a second in which the runner's CPU
     * pressure is within the limit. Said when the wait starts, every
     * WAIT_NOTE_SECONDS while it lasts and when it ends: a log line a
     * second of a long wait buries everything else.
     */
    private void awaitQuiet() {
        long waited = 0;
        HostPressure p = null;
        for (; waited < quiet.maxWait().toSeconds() && !Thread.currentThread().isInterrupted(); waited++) {
            p = gauge.over(Duration.ofSeconds(1));
            if (!p.over(quiet.maxPressurePct())) {
                if (waited > 0) {
                    log.info("the runner is quiet after {} s of waiting", waited + 1);
                }
                return;
            }
            if (waited % WAIT_NOTE_SECONDS == 0) {
                log.info("the runner is busy ({}): waiting up to {} s for it to be quiet before the next boot{}",
                        p.describe(), quiet.maxWait().toSeconds(), waited == 0 ? "" : " (" + waited + " s so far)");
            }
        }
        if (p != null) {
            log.info("the runner stayed busy for {} s ({}): booting anyway; a busy boot is not counted", waited,
                    p.describe());
        }
    }

    private BootRecord record(Side side, int index, int attempt, BootOutcome o, HostPressure pressure,
            boolean judged, Clock clock) {
        if (o.status() != BootStatus.OK) {
            return new BootRecord(side, index, attempt, o, BootResults.NONE, pressure);
        }
        if (judged && pressure.over(quiet.maxPressurePct())) {
            return new BootRecord(side, index, attempt, o.failedAs(BootStatus.BUSY, ""),
                    BootResults.NONE, pressure);
        }
        try {
            return new BootRecord(side, index, attempt, o, parser.parse(side, index, o.results(), clock), pressure);
        } catch (ResultParser.BadResultsException e) {
            return new BootRecord(side, index, attempt, o.failedAs(BootStatus.NO_RESULTS, e.getMessage()),
                    BootResults.NONE, pressure);
        }
    }
}
