package org.fsnbot.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fsnbot.job.RunnerName;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.store.Store;
import org.fsnbot.store.WorkItem;
import org.fsnbot.store.WorkTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A runner's side of a unit: claimed and measured once; a runner taken for dead that is alive keeps its unit. */
class FleetWorkerTest {

    private static long unit(Store store, String key) {
        return store.queue().enqueue(WorkItem.found(key, key, new WorkTarget.Revision("v2"), new Base("/t", "v1",
                BaseReason.of(BaseReason.Kind.NAMED_IN_COMMAND)))).orElseThrow();
    }

    @Test
    void aUnitIsMeasuredOnceAndADuplicateFiringDoesNothing(@TempDir Path tmp) {
        Store store = Store.h2(tmp.resolve("db"));
        long id = unit(store, "u1");
        List<Long> measured = new ArrayList<>();
        FleetWorker a = new FleetWorker(store.fleet(), w -> measured.add(w.id()), new RunnerName("a", "tcg"),
                r -> false, () -> 0, () -> { });
        FleetWorker b = new FleetWorker(store.fleet(), w -> measured.add(w.id()), new RunnerName("b", "tcg"),
                r -> false, () -> 0, () -> { });
        a.run(id, false);
        b.run(id, false);
        assertThat(measured).containsExactly(id);
    }

    @Test
    void aRunnerTakenForDeadThatIsAliveKeepsItsUnitAndADeadOneLosesIt(@TempDir Path tmp) {
        Store store = Store.h2(tmp.resolve("db"));
        long id = unit(store, "u2");
        List<String> measuredBy = new ArrayList<>();
        new FleetWorker(store.fleet(), w -> measuredBy.add("a"), new RunnerName("a", "tcg"), r -> false, () -> 0,
                () -> { })
                .run(id, false);
        store.queue().enqueue(WorkItem.found("other", "other", new WorkTarget.Revision("v3"), new Base("/t", "v1",
                BaseReason.of(BaseReason.Kind.NAMED_IN_COMMAND))));
        // a stays "running" (its measure returned without finishing the unit): as if it were mid-job.
        List<String> asked = new ArrayList<>();
        new FleetWorker(store.fleet(), w -> measuredBy.add("b"), new RunnerName("b", "tcg"), r -> {
            asked.add(r);
            return true;
        }, () -> 0, () -> { }).run(id, true);
        assertThat(asked).containsExactly("a");
        assertThat(measuredBy).as("a is alive: b leaves the unit to it").containsExactly("a");
        assertThat(store.fleet().runningOn(id)).contains("a");

        new FleetWorker(store.fleet(), w -> measuredBy.add("c"), new RunnerName("c", "tcg"), r -> false, () -> 0,
                () -> { })
                .run(id, true);
        assertThat(measuredBy).as("a is dead: c takes it over").containsExactly("a", "c");
        assertThat(store.fleet().runningOn(id)).contains("c");
    }

    @Test
    void aDrainedRunnerMeasuresNothingAndIsToldToStopTakingUnits(@TempDir Path tmp) {
        Store store = Store.h2(tmp.resolve("db"));
        long id = unit(store, "u3");
        store.runners().register("d", "tcg", "{}");
        store.runners().setState("d", org.fsnbot.store.RunnerRegistry.State.DRAINING);
        List<Long> measured = new ArrayList<>();
        List<String> told = new ArrayList<>();
        new FleetWorker(store.fleet(), w -> measured.add(w.id()), new RunnerName("d", "tcg"), r -> false, () -> 0,
                () -> told.add("stop taking units")).run(id, false);
        assertThat(measured).isEmpty();
        assertThat(told).containsExactly("stop taking units");
        assertThat(store.fleet().waiting()).extracting(w -> w.work().id()).containsExactly(id);
    }
}
