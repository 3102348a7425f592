package org.fsnbot.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fsnbot.job.RunnerName;
import org.fsnbot.job.UnitLease;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.store.Store;
import org.fsnbot.store.WorkItem;
import org.fsnbot.store.WorkTarget;
import org.fsnbot.testing.OpenStores;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** A runner's side of a unit: claimed and measured once; a runner taken for dead that is alive keeps its unit. */
class FleetWorkerTest {

    private static long unit(Store store, String key) {
        return store.queue().enqueue(WorkItem.found(key, key, new WorkTarget.Revision("v2"), new Base("/t", "v1",
                BaseReason.of(BaseReason.Kind.NAMED_IN_COMMAND)))).orElseThrow();
    }

    @RegisterExtension
    final OpenStores stores = new OpenStores();

    private Store open(Path tmp) {
        return stores.h2(tmp.resolve("db"));
    }

    @Test
    void aUnitIsMeasuredOnceAndADuplicateFiringDoesNothing(@TempDir Path tmp) {
        Store store = open(tmp);
        long id = unit(store, "u1");
        List<Long> measured = new ArrayList<>();
        FleetWorker a = new FleetWorker(store.fleet(), w -> measured.add(w.id()), new RunnerName("a", "tcg"),
                r -> false, () -> 0, () -> { }, new UnitLease());
        FleetWorker b = new FleetWorker(store.fleet(), w -> measured.add(w.id()), new RunnerName("b", "tcg"),
                r -> false, () -> 0, () -> { }, new UnitLease());
        a.run(id, false);
        b.run(id, false);
        assertThat(measured).containsExactly(id);
    }

    @Test
    void aRunnerTakenForDeadThatIsAliveKeepsItsUnitAndADeadOneLosesIt(@TempDir Path tmp) {
        Store store = open(tmp);
        long id = unit(store, "u2");
        List<String> measuredBy = new ArrayList<>();
        new FleetWorker(store.fleet(), w -> measuredBy.add("a"), new RunnerName("a", "tcg"), r -> false, () -> 0,
                () -> { }, new UnitLease())
                .run(id, false);
        store.queue().enqueue(WorkItem.found("other", "other", new WorkTarget.Revision("v3"), new Base("/t", "v1",
                BaseReason.of(BaseReason.Kind.NAMED_IN_COMMAND))));
        // a stays "running" (its measure returned without finishing the unit): as if it were mid-job.
        List<String> asked = new ArrayList<>();
        new FleetWorker(store.fleet(), w -> measuredBy.add("b"), new RunnerName("b", "tcg"), r -> {
            asked.add(r);
            return true;
        }, () -> 0, () -> { }, new UnitLease()).run(id, true);
        assertThat(asked).containsExactly("a");
        assertThat(measuredBy).as("a is alive: b leaves the unit to it").containsExactly("a");
        assertThat(store.fleet().runningOn(id)).contains("a");

        new FleetWorker(store.fleet(), w -> measuredBy.add("c"), new RunnerName("c", "tcg"), r -> false, () -> 0,
                () -> { }, new UnitLease())
                .run(id, true);
        assertThat(measuredBy).as("a is dead: c takes it over").containsExactly("a", "c");
        assertThat(store.fleet().runningOn(id)).contains("c");
    }

    @Test
    void aDrainedRunnerMeasuresNothingAndIsToldToStopTakingUnits(@TempDir Path tmp) {
        Store store = open(tmp);
        long id = unit(store, "u3");
        store.runners().register("d", "tcg", "{}");
        store.runners().setState("d", org.fsnbot.store.RunnerRegistry.State.DRAINING);
        List<Long> measured = new ArrayList<>();
        List<String> told = new ArrayList<>();
        new FleetWorker(store.fleet(), w -> measured.add(w.id()), new RunnerName("d", "tcg"), r -> false, () -> 0,
                () -> told.add("stop taking units"), new UnitLease()).run(id, false);
        assertThat(measured).isEmpty();
        assertThat(told).containsExactly("stop taking units");
        assertThat(store.fleet().waiting()).extracting(w -> w.work().id()).containsExactly(id);
    }

    /**
     * A runner that loses its hold while it measures: the measuring stops at
     * once (a real process it waits for is killed), nothing is finished, and
     * the unit goes back to the queue ahead of the rest, the try not counted
     * as a crash. A hold lost after the measuring ended changes nothing.
     */
    @Test
    void aLostHoldStopsTheMeasuringKillsItsProcessAndHandsTheUnitBack(@TempDir Path tmp) throws Exception {
        Store store = open(tmp);
        long id = unit(store, "u4");
        UnitLease lease = new UnitLease();
        java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
        String marker = "600.4242";
        List<String> outcome = new ArrayList<>();
        FleetWorker w = new FleetWorker(store.fleet(), u -> {
            try {
                started.countDown();
                new org.fsnbot.exec.CommandRunner().run(List.of("sleep", marker), tmp, java.time.Duration.ofMinutes(10));
                outcome.add("measured to its end");
            } catch (java.io.IOException e) {
                outcome.add("stopped: " + e.getMessage());
            }
            if (lease.settle()) {
                store.queue().finish(u.id(), "e", org.fsnbot.store.WorkState.DONE, null, "done");
            }
        }, new RunnerName("e", "tcg"), r -> false, () -> 0, () -> { }, lease);
        Thread t = new Thread(() -> w.run(id, false));
        t.start();
        assertThat(started.await(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        for (int i = 0; i < 300 && !sleeping(marker); i++) {
            Thread.sleep(100);
        }
        assertThat(lease.lose("cut off in the test")).isTrue();
        t.join(30_000);
        assertThat(t.isAlive()).isFalse();
        assertThat(outcome).singleElement().asString().startsWith("stopped: interrupted");
        assertThat(sleeping(marker)).as("the measuring's process killed").isFalse();
        assertThat(state(store, id)).isEqualTo(org.fsnbot.store.WorkState.QUEUED);
        assertThat(store.fleet().waiting()).singleElement().satisfies(q -> {
            assertThat(q.ranBefore()).as("ahead of the rest").isTrue();
            assertThat(q.work().id()).isEqualTo(id);
        });
        assertThat(lease.lose("after")).as("nothing measuring: nothing to stop").isFalse();

        // Measured again to its end: the earlier loss counts for nothing, the unit is done.
        new FleetWorker(store.fleet(), u -> {
            if (lease.settle()) {
                store.queue().finish(u.id(), "e", org.fsnbot.store.WorkState.DONE, null, "done");
            }
            lease.lose("too late: the measuring is over");
        }, new RunnerName("e", "tcg"), r -> false, () -> 0, () -> { }, lease).run(id, false);
        assertThat(state(store, id)).isEqualTo(org.fsnbot.store.WorkState.DONE);
    }

    private static org.fsnbot.store.WorkState state(Store store, long id) {
        return store.queue().all().stream().filter(w -> w.id() == id).findFirst().orElseThrow().state();
    }

    private static boolean sleeping(String marker) {
        return ProcessHandle.allProcesses().anyMatch(p -> p.info().arguments().map(a -> List.of(a).contains(marker))
                .orElse(false));
    }
}
