package org.fsnbot.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The queue is taken by who asked, then by age: ten thousand units of
 * strangers queued first never keep a maintainer's command or fsnbot's
 * own work waiting, on the single machine and in the fleet's dispatch.
 */
class QueueStandingTest {

    private static WorkItem unit(String key) {
        return WorkItem.found(key, key, new WorkTarget.Revision("v2"), new Base("/t", "v1",
                BaseReason.of(BaseReason.Kind.NAMED_IN_COMMAND)));
    }

    @Test
    void aMaintainersUnitRunsBeforeTenThousandStrangersQueuedEarlier(@TempDir Path tmp) throws Exception {
        try (Store store = Store.h2(tmp.resolve("db/fsnbot"))) {
            WorkQueue q = store.queue();
            for (int i = 0; i < 10_000; i++) {
                q.enqueue(unit("stranger " + i), Asker.of("s" + (i % 50) + "@evil.example",
                        Asker.Standing.STRANGER));
            }
            long own = q.enqueue(unit("tree head")).orElseThrow();
            long maint = q.enqueue(unit("rerun"), Asker.of("Jack@SUSE.cz", Asker.Standing.MAINTAINER)).orElseThrow();
            assertThat(q.waitingFor("jack@suse.cz")).isEqualTo(1);
            assertThat(q.waitingFor("s7@evil.example")).isEqualTo(200);

            FleetQueue.Waiting first = store.fleet().waiting().get(0);
            assertThat(first.work().id()).as("the fleet's dispatch order").isEqualTo(maint);
            assertThat(first.standing()).isEqualTo(Asker.Standing.MAINTAINER);

            assertThat(q.claimNext().orElseThrow().id()).isEqualTo(maint);
            assertThat(q.claimNext().orElseThrow().id()).isEqualTo(own);
            assertThat(q.claimNext().orElseThrow().item().key()).isEqualTo("stranger 0");
        }
    }

    @Test
    void quartzFiresAMaintainersUnitFirstThenOwnThenStrangersAllAtOnce() {
        Instant queued = Instant.parse("2026-12-06T10:00:00Z");
        Work w = new Work(5, unit("x"), WorkState.QUEUED, null);
        Instant again = org.fsnbot.schedule.FleetScheduler.Dispatcher.due(new FleetQueue.Waiting(w, queued, true,
                Asker.Standing.STRANGER));
        Instant maint = org.fsnbot.schedule.FleetScheduler.Dispatcher.due(new FleetQueue.Waiting(w, queued, false,
                Asker.Standing.MAINTAINER));
        Instant own = org.fsnbot.schedule.FleetScheduler.Dispatcher.due(new FleetQueue.Waiting(w, queued.plusSeconds(
                3600), false, Asker.Standing.OWN));
        Instant stranger = org.fsnbot.schedule.FleetScheduler.Dispatcher.due(new FleetQueue.Waiting(w,
                queued.minusSeconds(3600), false, Asker.Standing.STRANGER));
        assertThat(again).isBefore(maint);
        assertThat(maint).isBefore(own);
        assertThat(own).isBefore(stranger);
        assertThat(stranger).isBeforeOrEqualTo(queued);
    }
}
