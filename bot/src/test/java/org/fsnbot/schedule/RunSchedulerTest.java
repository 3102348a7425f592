package org.fsnbot.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The long-lived loop's timing: Quartz polls at once, then measures after the poll. */
class RunSchedulerTest {

    /** A weekly report that does nothing, on a cron that fires on 1 January only. */
    private static final RunScheduler.Weekly NO_WEEKLY = new RunScheduler.Weekly(() -> { }, "0 0 0 1 1 ?");

    @Test
    void theWeeklyReportFiresOnceAtStartForTheWeeksMissedAndThenOnItsCron() throws Exception {
        CountDownLatch reported = new CountDownLatch(1);
        List<String> order = Collections.synchronizedList(new ArrayList<>());
        RunScheduler.Running running = new RunScheduler(new RunScheduler.Cycle(() -> { }, () -> { }, 60),
                new RunScheduler.Weekly(() -> {
                    order.add("weekly");
                    reported.countDown();
                }, "0 0 6 ? * MON")).start();
        try {
            assertThat(reported.await(30, TimeUnit.SECONDS)).as("the catch-up at start").isTrue();
            Thread.sleep(500);
        } finally {
            running.stop();
        }
        assertThat(order).as("once at start; the cron's next firing is a Monday 06:00 away").containsExactly("weekly");
    }

    @Test
    void aWeeklyCronMustBeQuartzs() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new RunScheduler.Weekly(() -> { }, "every monday"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theFirstPollFiresAtOnceAndAMeasurementPassFollowsIt() throws Exception {
        List<String> order = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch measured = new CountDownLatch(1);
        RunScheduler.Running running = new RunScheduler(new RunScheduler.Cycle(() -> order.add("poll"), () -> {
            order.add("drain");
            measured.countDown();
        }, 60), NO_WEEKLY).start();
        try {
            assertThat(measured.await(30, TimeUnit.SECONDS)).as("a pass within 30 s of the start").isTrue();
        } finally {
            running.stop();
        }
        assertThat(order).as("one poll (the next is an hour away), then the pass it asked for")
                .containsExactly("poll", "drain");
    }

    @Test
    void aPollThatFailsDoesNotStopTheSchedulerOrAskForAMeasurement() throws Exception {
        CountDownLatch polled = new CountDownLatch(1);
        List<String> drained = Collections.synchronizedList(new ArrayList<>());
        RunScheduler.Running running = new RunScheduler(new RunScheduler.Cycle(() -> {
            polled.countDown();
            throw new IllegalStateException("the store is down");
        }, () -> drained.add("drain"), 60), NO_WEEKLY).start();
        try {
            assertThat(polled.await(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            running.stop();
        }
        assertThat(drained).as("no pass after a failed poll").isEmpty();
    }

    @Test
    void aCycleNeedsAPositivePollInterval() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new RunScheduler.Cycle(() -> { }, () -> { }, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
