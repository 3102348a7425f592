package org.fsnbot.testbed.qemu;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.fsnbot.plan.Topology;
import org.fsnbot.run.BootRecord;
import org.fsnbot.run.ResultParser;
import org.fsnbot.run.RunResult;
import org.fsnbot.run.Sample;
import org.fsnbot.run.Side;
import org.fsnbot.testbed.Budget;
import org.fsnbot.testbed.MorePairs;
import org.fsnbot.vm.Accelerator;
import org.fsnbot.boot.BootOutcome;
import org.fsnbot.boot.BootStatus;
import org.fsnbot.vm.Booter;
import org.fsnbot.plan.Clock;
import org.fsnbot.boot.Guest;
import org.fsnbot.vm.Machine;
import org.fsnbot.vm.PressureGauge;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The interleaved schedule, its retry and its extra pairs, on a fake boot
 * that fails on cue, over a /proc of the test's whose CPU pressure the
 * fake boot raises on cue.
 */
class InterleavedRunnerTest {

    @TempDir
    static Path proc;

    /** A runner that allows 5% CPU pressure and does not wait for quiet (the fake /proc never calms down). */
    static InterleavedRunner runner(Booter boot) {
        return new InterleavedRunner(boot, new ResultParser(), new PressureGauge(proc),
                new InterleavedRunner.Quiet(5, Duration.ZERO, 2));
    }

    @BeforeEach
    void quietRunner() throws Exception {
        Files.createDirectories(proc.resolve("pressure"));
        stall(0);
        Files.writeString(proc.resolve("stat"), "cpu  100 0 50 1000 5 0 2 0 0 0\ncpu0 100 0 50 1000 5 0 2 0 0 0\n");
    }

    /** Sets the cumulative CPU "some" stall time of the fake /proc. */
    static void stall(long micros) throws Exception {
        Files.writeString(proc.resolve("pressure/cpu"), "some avg10=0.00 avg60=0.00 avg300=0.00 total=" + micros
                + "\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n");
    }

    private static final Guest BASE = new Guest(Path.of("/base/bzImage"), Path.of("/i"), Optional.empty());
    private static final Guest PATCHED = new Guest(Path.of("/patched/bzImage"), Path.of("/i"), Optional.empty());
    private static final InterleavedRunner.Pairing PAIRING = new InterleavedRunner.Pairing(
            new InterleavedRunner.Kernel(Side.BASE, BASE), new InterleavedRunner.Kernel(Side.PATCHED, PATCHED),
            new Machine(Accelerator.TCG, Topology.DEFAULT, Duration.ofMinutes(1)), Path.of("/boots"));

    private static final String RESULT = "{\"type\":\"result\",\"workload\":\"w\",\"label\":\"mode\",\"row\":\"none\","
            + "\"rep\":0,\"metric\":\"t\",\"value\":%d,\"unit\":\"ns\",\"direction\":\"lower\"}";
    private static final String GATE_FAIL = "{\"type\":\"gate\",\"check\":\"inotify-create\",\"status\":\"fail\","
            + "\"detail\":\"0 event(s) read\"}";

    /** A boot that ends as told per boot id (OK with one sample unless told otherwise), and logs the ids. */
    private static final class FakeBoot implements Booter {
        final List<String> booted = java.util.Collections.synchronizedList(new ArrayList<>());
        final Map<String, BootStatus> failures;
        /** Boots running now, and the most seen at once. */
        final java.util.concurrent.atomic.AtomicInteger running = new java.util.concurrent.atomic.AtomicInteger();
        final java.util.concurrent.atomic.AtomicInteger most = new java.util.concurrent.atomic.AtomicInteger();
        long lasts;
        final Map<String, List<String>> results;
        final List<String> busy = new ArrayList<>();
        long stalled;

        FakeBoot(Map<String, BootStatus> failures, Map<String, List<String>> results) {
            this.failures = failures;
            this.results = results;
        }

        /** These boots see another load: they last 0.3 s, all of it stalled. */
        FakeBoot busy(String... bootIds) {
            busy.addAll(List.of(bootIds));
            return this;
        }

        @Override
        public BootOutcome boot(Guest guest, Machine machine, String bootId, Path dir) throws java.io.IOException {
            booted.add(bootId);
            most.accumulateAndGet(running.incrementAndGet(), Math::max);
            try {
                Thread.sleep(lasts);
                return ended(guest, machine, bootId, dir);
            } catch (InterruptedException e) {
                throw new java.io.IOException(e);
            } finally {
                running.decrementAndGet();
            }
        }

        private BootOutcome ended(Guest guest, Machine machine, String bootId, Path dir) throws java.io.IOException {
            if (busy.contains(bootId)) {
                try {
                    synchronized (this) {
                        stalled += 300_000;
                        stall(stalled);
                    }
                    Thread.sleep(300);
                } catch (Exception e) {
                    throw new java.io.IOException(e);
                }
            }
            BootOutcome.Console console = new BootOutcome.Console(dir.resolve(bootId + ".log"), List.of());
            BootStatus s = failures.get(bootId);
            if (s != null) {
                return new BootOutcome(bootId, s, machine.accel().name(), 1, List.of(), console, s + " on cue");
            }
            List<String> lines = results.getOrDefault(bootId,
                    List.of(String.format(RESULT, guest == BASE ? 100 : 110)));
            return new BootOutcome(bootId, BootStatus.OK, machine.accel().name(), 1, lines, console, "");
        }
    }

    private static RunResult run(FakeBoot boot, Budget budget, MorePairs more,
            List<BootRecord> seen) throws Exception {
        return runner(boot).run(PAIRING, budget, more, seen::add);
    }

    @Test
    void bootsAlternateBaseFirstAndEveryBootIsReportedAsItEnds() throws Exception {
        FakeBoot boot = new FakeBoot(Map.of(), Map.of());
        List<BootRecord> seen = new ArrayList<>();
        RunResult r = run(boot, new Budget(2, 2), (x, n) -> false, seen);
        assertThat(boot.booted).containsExactly("base-1-try1", "patched-1-try1", "base-2-try1", "patched-2-try1");
        assertThat(seen).hasSize(4);
        assertThat(r.samples()).hasSize(4);
        assertThat(r.pairs()).isEqualTo(2);
        assertThat(r.failure()).isEmpty();
    }

    @Test
    void aFailedBootIsRetriedOnceAndItsAttemptNeverCounts() throws Exception {
        FakeBoot boot = new FakeBoot(Map.of("base-1-try1", BootStatus.PANIC), Map.of());
        RunResult r = run(boot, new Budget(2, 2), (x, n) -> false, new ArrayList<>());
        assertThat(boot.booted).containsExactly("base-1-try1", "base-1-try2", "patched-1-try1", "base-2-try1",
                "patched-2-try1");
        assertThat(r.failure()).isEmpty();
        assertThat(r.failedBoots()).isEqualTo(1);
        assertThat(r.samples()).as("four good boots, one sample each").hasSize(4);
    }

    @Test
    void aSecondFailureEndsTheRunAsAnInfrastructureFailure() throws Exception {
        FakeBoot boot = new FakeBoot(Map.of("patched-1-try1", BootStatus.TIMEOUT, "patched-1-try2",
                BootStatus.TIMEOUT), Map.of());
        RunResult r = run(boot, new Budget(3, 5), (x, n) -> true, new ArrayList<>());
        assertThat(boot.booted).as("nothing after the second failure").containsExactly("base-1-try1",
                "patched-1-try1", "patched-1-try2");
        assertThat(r.failure()).hasValueSatisfying(f -> {
            assertThat(f.side()).isEqualTo(Side.PATCHED);
            assertThat(f.outcome().status()).isEqualTo(BootStatus.TIMEOUT);
        });
    }

    @Test
    void resultsThatDoNotParseAreAFailedBootNotData() throws Exception {
        FakeBoot boot = new FakeBoot(Map.of(), Map.of("base-1-try1", List.of("garbage")));
        List<BootRecord> seen = new ArrayList<>();
        RunResult r = run(boot, new Budget(1, 1), (x, n) -> false, seen);
        assertThat(seen.get(0).outcome().status()).isEqualTo(BootStatus.NO_RESULTS);
        assertThat(seen.get(0).outcome().evidence()).contains("unparseable");
        assertThat(seen.get(0).samples()).isEmpty();
        assertThat(boot.booted).containsExactly("base-1-try1", "base-1-try2", "patched-1-try1");
        assertThat(r.samples()).hasSize(2);
    }

    @Test
    void morePairsRunWhileTheRuleWantsThemAndNoFurtherThanTheBudget() throws Exception {
        FakeBoot boot = new FakeBoot(Map.of(), Map.of());
        List<Integer> asked = new ArrayList<>();
        RunResult r = run(boot, new Budget(2, 4), (x, n) -> {
            asked.add(n);
            return true;
        }, new ArrayList<>());
        assertThat(asked).as("asked after 2 and 3 pairs; at 4 the budget is spent").containsExactly(2, 3);
        assertThat(r.pairs()).isEqualTo(4);
        assertThat(boot.booted).endsWith("base-4-try1", "patched-4-try1");
    }

    @Test
    void theRuleSeesEverySampleSoFar() throws Exception {
        List<Integer> samples = new ArrayList<>();
        run(new FakeBoot(Map.of(), Map.of()), new Budget(2, 3), (x, n) -> {
            samples.add(x.samples().size());
            return true;
        }, new ArrayList<>());
        assertThat(samples).containsExactly(4);
    }

    @Test
    void aSatisfiedRuleStopsAfterTheInitialPairs() throws Exception {
        RunResult r = run(new FakeBoot(Map.of(), Map.of()), new Budget(3, 6), (x, n) -> false,
                new ArrayList<>());
        assertThat(r.pairs()).isEqualTo(3);
    }

    @Test
    void aFailedGateStopsTheExtraPairs() throws Exception {
        FakeBoot boot = new FakeBoot(Map.of(), Map.of("patched-1-try1", List.of(GATE_FAIL,
                "{\"type\":\"gate-summary\",\"failures\":1}")));
        RunResult r = run(boot, new Budget(1, 4), (x, n) -> true, new ArrayList<>());
        assertThat(r.pairs()).isEqualTo(1);
        assertThat(r.gateFailures()).containsExactly("patched boot 1: inotify-create: 0 event(s) read");
    }

    @Test
    void aBootOnABusyRunnerIsNoSampleAndIsBootedAgain() throws Exception {
        FakeBoot boot = new FakeBoot(Map.of(), Map.of()).busy("patched-1-try1", "patched-1-try2");
        List<BootRecord> seen = new ArrayList<>();
        RunResult r = run(boot, new Budget(1, 1), (x, n) -> false, seen);
        assertThat(boot.booted).containsExactly("base-1-try1", "patched-1-try1", "patched-1-try2", "patched-1-try3");
        assertThat(seen.get(0).pressure().measured()).isTrue();
        assertThat(seen.get(0).pressure().pct()).isLessThan(5);
        assertThat(seen.get(1).outcome().status()).isEqualTo(BootStatus.BUSY);
        assertThat(seen.get(1).pressure().over(5)).as("busy by the runner's limit, 5%").isTrue();
        assertThat(seen.get(1).outcome().evidence()).as("the record's pressure says it, not a sentence").isEmpty();
        assertThat(seen.get(1).samples()).isEmpty();
        assertThat(r.failure()).isEmpty();
        assertThat(r.samples()).as("one base, one patched: the busy boots count for nothing").hasSize(2);
    }

    @Test
    void aRunnerThatStaysBusyEndsTheRunAsAnInfrastructureFailureNotAsNoise() throws Exception {
        FakeBoot boot = new FakeBoot(Map.of(), Map.of()).busy("base-1-try1", "base-1-try2", "base-1-try3",
                "base-1-try4", "base-1-try5");
        RunResult r = run(boot, new Budget(2, 2), (x, n) -> false, new ArrayList<>());
        assertThat(boot.booted).containsExactly("base-1-try1", "base-1-try2", "base-1-try3", "base-1-try4");
        assertThat(r.failure()).hasValueSatisfying(f -> assertThat(f.outcome().status()).isEqualTo(BootStatus.BUSY));
        assertThat(r.samples()).isEmpty();
    }

    @Test
    void aGuestWithMoreVcpusThanTheHostIsNotJudgedByItsOwnPressure() throws Exception {
        FakeBoot boot = new FakeBoot(Map.of(), Map.of()).busy("base-1-try1");
        InterleavedRunner oneCpu = new InterleavedRunner(boot, new ResultParser(), new PressureGauge(proc),
                new InterleavedRunner.Quiet(5, Duration.ZERO, 1));
        List<BootRecord> seen = new ArrayList<>();
        RunResult r = oneCpu.run(PAIRING, new Budget(1, 1), (x, n) -> false, seen::add);
        assertThat(boot.booted).containsExactly("base-1-try1", "patched-1-try1");
        assertThat(seen.get(0).pressure().over(5)).as("recorded all the same").isTrue();
        assertThat(r.samples()).hasSize(2);
    }

    @Test
    void anInstructionCountIsNotJudgedByTheHostsLoadAndItsTimesAreCounts() throws Exception {
        FakeBoot boot = new FakeBoot(Map.of(), Map.of()).busy("base-1-try1", "patched-1-try1");
        List<BootRecord> seen = new ArrayList<>();
        RunResult r = runner(boot).run(onTheInstructionClock(), new Budget(1, 1), (x, n) -> false,
                seen::add);
        assertThat(boot.booted).as("no boot again").containsExactlyInAnyOrder("base-1-try1", "patched-1-try1");
        assertThat(seen.get(0).pressure().over(5)).as("recorded all the same").isTrue();
        assertThat(r.samples()).hasSize(2).allSatisfy(x -> assertThat(x.info().unit()).isEqualTo("insns"));
        assertThat(r.samples()).as("100 and 110 guest ns at 8 ns an instruction").extracting(Sample::value)
                .containsExactlyInAnyOrder(12.5, 13.75);
    }

    private static InterleavedRunner.Pairing onTheInstructionClock() {
        return new InterleavedRunner.Pairing(PAIRING.base(), PAIRING.patched(), new Machine(Accelerator.TCG,
                Clock.INSTRUCTIONS, Topology.DEFAULT, Duration.ofMinutes(1), Optional.empty()), PAIRING.dir());
    }

    @Test
    void onTheInstructionClockAPairsBootsRunSideBySideAndAreReportedBaseFirst() throws Exception {
        FakeBoot boot = new FakeBoot(Map.of(), Map.of());
        boot.lasts = 300;
        List<BootRecord> seen = new ArrayList<>();
        RunResult r = runner(boot).run(onTheInstructionClock(), new Budget(2, 2), (x, n) -> false,
                seen::add);
        assertThat(boot.most.get()).as("two boots at once").isEqualTo(2);
        assertThat(seen).extracting(b -> b.side() + "-" + b.index()).containsExactly("BASE-0", "PATCHED-0", "BASE-1",
                "PATCHED-1");
        assertThat(r.pairs()).isEqualTo(2);
        assertThat(r.samples()).hasSize(4);
    }

    @Test
    void onWallTimeOrOnAOneCpuHostBootsRunOneAtATime() throws Exception {
        FakeBoot wall = new FakeBoot(Map.of(), Map.of());
        wall.lasts = 100;
        runner(wall).run(PAIRING, new Budget(2, 2), (x, n) -> false, b -> { });
        assertThat(wall.most.get()).isEqualTo(1);
        FakeBoot oneCpu = new FakeBoot(Map.of(), Map.of());
        oneCpu.lasts = 100;
        new InterleavedRunner(oneCpu, new ResultParser(), new PressureGauge(proc), new InterleavedRunner.Quiet(5,
                Duration.ZERO, 1)).run(onTheInstructionClock(), new Budget(2, 2), (x, n) -> false,
                        b -> { });
        assertThat(oneCpu.most.get()).isEqualTo(1);
    }

    @Test
    void aSideBySideBootThatFailsTwiceEndsTheRunAfterItsPartnerEnds() throws Exception {
        FakeBoot boot = new FakeBoot(Map.of("patched-1-try1", BootStatus.PANIC, "patched-1-try2", BootStatus.PANIC),
                Map.of());
        List<BootRecord> seen = new ArrayList<>();
        RunResult r = runner(boot).run(onTheInstructionClock(), new Budget(2, 2), (x, n) -> false,
                seen::add);
        assertThat(boot.booted).containsExactlyInAnyOrder("base-1-try1", "patched-1-try1", "patched-1-try2");
        assertThat(seen).extracting(b -> b.outcome().bootId()).containsExactly("base-1-try1", "patched-1-try1",
                "patched-1-try2");
        assertThat(r.failure()).hasValueSatisfying(f -> assertThat(f.outcome().bootId()).isEqualTo("patched-1-try2"));
    }

    @Test
    void withoutPsiNothingIsJudgedAndTheBootSaysSo() throws Exception {
        Files.delete(proc.resolve("pressure/cpu"));
        List<BootRecord> seen = new ArrayList<>();
        run(new FakeBoot(Map.of(), Map.of()), new Budget(1, 1), (x, n) -> false, seen);
        assertThat(seen).allSatisfy(b -> assertThat(b.pressure().measured()).isFalse());
        assertThat(seen.get(0).pressure().describe()).contains("not measured");
    }
}
