package org.fsnbot.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.plan.Clock;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import org.fsnbot.run.MetricInfo;
import org.fsnbot.run.MetricKey;
import org.fsnbot.run.Sample;
import org.fsnbot.run.Side;
import org.fsnbot.stats.ChangeEstimator;
import org.fsnbot.stats.MetricNoise;
import org.fsnbot.stats.MetricPolicy;
import org.fsnbot.stats.NoiseFloor;
import org.fsnbot.store.CalibrationKey;
import org.fsnbot.store.Store;
import org.fsnbot.testbed.Instrument;
import org.fsnbot.testing.HistoryFixture;
import org.fsnbot.testing.OpenStores;
import org.fsnbot.testing.TestClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** A job's noise floor: its runner's calibration on the same clock, never below the clock's own least. */
class NoiseFloorsTest {

    @RegisterExtension
    final OpenStores stores = new OpenStores();

    private static final MetricKey PARENT = new MetricKey("byte-write", "parent", "ns_per_op");
    private static final MetricKey NONE = new MetricKey("byte-write", "none", "ns_per_op");

    @Test
    void aCalibrationOnTheInstructionClockSetsItsMetricsFloorAndNoOtherClocks(@TempDir Path tmp) throws Exception {
        Store store = stores.h2(tmp.resolve("db/fsnbot"), new TestClock(Instant.parse("2026-12-01T00:00:00Z")));
        Profile quick = Profile.load("quick");
        Topology t = Topology.parse("sockets=2,cores=1,nodes=2");
        RunnerName runner = new RunnerName("runner-1", "tcg");
        List<Sample> aa = new ArrayList<>();
        for (int b = 0; b < 3; b++) {
            for (Side side : Side.values()) {
                aa.add(new Sample(side, b, 0, PARENT, new MetricInfo("mode", "insns", true), 3700 + b));
            }
        }
        store.calibrations().save(new CalibrationKey("runner-1", "TCG", "instructions", t.toString(), "quick"),
                "c".repeat(40), List.of(new MetricNoise(PARENT, 6, 1.5, Instant.EPOCH)), new ChangeEstimator(
                        new MetricPolicy(Map.of("byte-write", Set.of("ns_per_op")), Map.of(), 0.05)).compare(aa));
        NoiseFloors floors = new NoiseFloors(store.calibrations(), runner);

        NoiseFloor counted = floors.of(new Instrument("TCG", "TCG", "no KVM", Clock.INSTRUCTIONS, true),
                t, quick);
        assertThat(counted.logSd(PARENT)).isCloseTo(Math.log1p(0.015), within(1e-12));
        assertThat(counted.logSd(NONE)).isCloseTo(Math.log1p(NoiseFloors.INSTRUCTIONS_CV_PCT / 100), within(1e-12));

        NoiseFloor wall = floors.of(new Instrument("TCG", "TCG", "no KVM", Clock.WALL, true), t, quick);
        assertThat(wall.logSd(PARENT)).as("another clock's calibration is not this one's")
                .isCloseTo(Math.log1p(NoiseFloors.WALL_CV_PCT / 100), within(1e-12));
    }

    /** A job of runner on topology t with the quick profile, its base and patched boots counted. */
    private static long job(Store store, String runner, Topology t, String clock, double[] base, double[] patched) {
        long id = store.jobs().createJob(null, "/srv/linux", "v6.12", "quick", t.toString());
        store.jobs().setCommits(id, "a".repeat(40), "b".repeat(40));
        store.jobs().setAccelerator(id, "TCG", "no KVM here", clock, runner);
        HistoryFixture.boots(store, id, Side.BASE, base);
        HistoryFixture.boots(store, id, Side.PATCHED, patched);
        return id;
    }

    @Test
    void theBaseBootsOfEarlierJobsAreTheRunnersNoiseWithoutAnOperatorsStep(@TempDir Path tmp) throws Exception {
        Store store = stores.h2(tmp.resolve("db/fsnbot"), new TestClock(Instant.parse("2026-12-01T00:00:00Z")));
        Profile quick = Profile.load("quick");
        Topology t = Topology.parse("sockets=2,cores=1,nodes=2");
        MetricKey key = HistoryFixture.METRIC;
        // Three jobs whose bases sit 5% apart, each base's boots 0.3% apart; patched boots 20% apart must not count.
        for (double level : new double[] {10, 10.5, 11}) {
            job(store, "runner-1", t, "instructions", new double[] {level, level * 1.003, level * 0.997},
                    new double[] {level, level * 1.2, level * 0.8});
        }
        // Another runner's base boots, as noisy as its host, and this runner's on the wall clock.
        job(store, "runner-2", t, "instructions", new double[] {10, 12, 8}, new double[] {10, 12, 8});
        job(store, "runner-1", t, "wall", new double[] {10, 12, 8}, new double[] {10, 12, 8});
        // A calibration's boots are its calibration's (filed apart, counted there), not base boots again.
        store.jobs().finish(job(store, "runner-1", t, "instructions", new double[] {10, 12, 8},
                new double[] {10, 12, 8}), ReplyKind.REPORT, FirstUseCalibration.DETAIL);
        NoiseFloors floors = new NoiseFloors(store.calibrations(), new RunnerName("runner-1", "tcg"));

        List<MetricNoise> noise = floors.noise("TCG", Clock.INSTRUCTIONS, t, quick);
        assertThat(noise).hasSize(1);
        MetricNoise n = noise.get(0);
        assertThat(n.key()).isEqualTo(key);
        assertThat(n.boots()).isEqualTo(9);
        assertThat(n.df()).as("nine boots of three builds").isEqualTo(6);
        assertThat(n.cvPct()).isCloseTo(0.3, within(0.01));
        assertThat(n.basis()).isEqualTo("earlier base boots");

        NoiseFloor floor = floors.of(new Instrument("TCG", "TCG", "no KVM", Clock.INSTRUCTIONS, true), t, quick);
        assertThat(floor.calibrated(key)).isTrue();
        assertThat(floor.dfOf(key)).isEqualTo(6);
        assertThat(floor.logSd(key)).isCloseTo(Math.log1p(n.cvPct() / 100), within(1e-12));
        assertThat(new NoiseFloors(store.calibrations(), new RunnerName("runner-3", "tcg")).noise("TCG",
                Clock.INSTRUCTIONS, t, quick)).as("a runner without jobs knows nothing").isEmpty();
    }
}
