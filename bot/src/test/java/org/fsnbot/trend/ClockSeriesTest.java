package org.fsnbot.trend;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.fsnbot.store.Store;
import org.fsnbot.testing.HistoryFixture;
import org.fsnbot.testing.OpenStores;
import org.fsnbot.testing.TestClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** A line measured on wall time and on instructions is two series: a count is never a point among times. */
class ClockSeriesTest {

    @RegisterExtension
    final OpenStores stores = new OpenStores();

    @Test
    void pointsOfTwoClocksNeverShareASeries(@TempDir Path tmp) throws Exception {
        String line = "/trees/linux.git fsnotify";
        Store store = stores.h2(tmp.resolve("db/fsnbot"), new TestClock(Instant.parse("2026-11-02T08:00:00Z")));
        String a = "a".repeat(40);
        String b = "b".repeat(40);
        HistoryFixture.job(store, line, a, b, new double[] {1.0, 1.1, 0.9}, new double[] {1.0, 1.05, 0.95});
        HistoryFixture.job(store, line, a, b, new double[] {5000, 5001, 5000}, new double[] {5003, 5002, 5003},
                "instructions");
        List<MetricSeries> series = MetricSeries.of(line, store.trends().points(line, Instant.EPOCH,
                Instant.parse("2030-01-01T00:00:00Z")), k -> true);
        assertThat(series).hasSize(2);
        assertThat(series).extracting(s -> s.setup().clock()).containsExactlyInAnyOrder("wall", "instructions");
        assertThat(series).allSatisfy(s -> assertThat(s.points()).hasSize(2));
        assertThat(series.get(0).setup().toString()).contains(series.get(0).setup().clock() + " clock");
    }
}
