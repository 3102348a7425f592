package org.fsnbot.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import org.fsnbot.run.MetricKey;
import org.fsnbot.run.RunResult;
import org.fsnbot.run.Side;
import org.fsnbot.stats.ChangeEstimator;
import org.fsnbot.stats.MetricNoise;
import org.fsnbot.stats.MetricPolicy;
import org.fsnbot.store.Store;
import org.fsnbot.testbed.Artefacts;
import org.fsnbot.testbed.Instrument;
import org.fsnbot.testbed.MeasurePlan;
import org.fsnbot.testbed.Measurement;
import org.fsnbot.testbed.Testbed;
import org.fsnbot.testbed.scripted.ScriptedTestbed;
import org.fsnbot.testing.OpenStores;
import org.fsnbot.testing.TestClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** A setup's first use on a runner calibrates it once, from the job's own base build, and never decides anything. */
class FirstUseCalibrationTest {

    @RegisterExtension
    final OpenStores stores = new OpenStores();

    private static final Topology TOPOLOGY = Topology.parse("sockets=2,cores=1,nodes=2");
    private static final RunnerName RUNNER = new RunnerName("runner-1", "tcg");
    private static final MetricKey NONE = new MetricKey("byte-write", "none", "ns_per_op");

    private static final ChangeEstimator ESTIMATOR = new ChangeEstimator(new MetricPolicy(
            Map.of("byte-write", Set.of("ns_per_op")), Map.of(), 0.05));

    private static FirstUseCalibration.Use use(Path tmp, Profile p) throws IOException {
        Path image = Files.writeString(tmp.resolve("bzImage"), "kernel");
        Path initrd = Files.writeString(tmp.resolve("initrd"), "initrd");
        return new FirstUseCalibration.Use(new Base("/srv/linux", "v6.12",
                BaseReason.of(BaseReason.Kind.NAMED_IN_COMMAND)), "c".repeat(40), p, TOPOLOGY,
                ScriptedTestbed.INSTRUMENT, Artefacts.Kernel.of(image, initrd, Optional.empty()), tmp.resolve("job"));
    }

    private static Testbed script() {
        // Base and patched 3.7x apart: an A/A that booted the two sides' kernels would show it.
        return new ScriptedTestbed(Map.of(Side.BASE, Map.of("none", 250.0), Side.PATCHED, Map.of("none", 930.0)), 3);
    }

    @Test
    void theFirstUseOfASetupBootsItsBaseOnBothSidesAndFilesTheNoiseOnce(@TempDir Path tmp) throws Exception {
        Store store = stores.h2(tmp.resolve("db/fsnbot"), new TestClock(Instant.parse("2026-12-01T00:00:00Z")));
        Profile quick = Profile.load("quick");
        FirstUseCalibration first = new FirstUseCalibration(script(), store.jobs(), store.calibrations(), RUNNER, 3,
                java.time.Clock.systemUTC());
        NoiseFloors floors = new NoiseFloors(store.calibrations(), RUNNER);
        List<MetricNoise> known = floors.noise("SCRIPT", ScriptedTestbed.INSTRUMENT.clock(), TOPOLOGY, quick);
        assertThat(known).isEmpty();

        List<MetricNoise> filed = first.ifFirst(use(tmp, quick), known, ESTIMATOR).orElseThrow();
        assertThat(filed).extracting(MetricNoise::key).containsExactly(NONE);
        assertThat(filed.get(0).boots()).isEqualTo(6);
        assertThat(filed.get(0).cvPct()).as("the script's 10% between boots, one kernel's").isBetween(3.0, 25.0);
        assertThat(store.count("jobs", "detail = ? AND runner = 'runner-1' AND accelerator = 'SCRIPT'",
                FirstUseCalibration.DETAIL)).isEqualTo(1);
        assertThat(store.count("boots", "status = 'OK'")).isEqualTo(6);
        assertThat(floors.noise("SCRIPT", ScriptedTestbed.INSTRUMENT.clock(), TOPOLOGY, quick))
                .as("the runner knows it now, from the calibration alone").hasSize(1)
                .allSatisfy(n -> assertThat(n.basis()).isEqualTo(MetricNoise.CALIBRATION));

        List<MetricNoise> now = floors.noise("SCRIPT", ScriptedTestbed.INSTRUMENT.clock(), TOPOLOGY, quick);
        assertThat(first.ifFirst(use(tmp, quick), now, ESTIMATOR)).as("a known setup is not calibrated again")
                .isEmpty();
        assertThat(store.count("boots", "")).isEqualTo(6);
    }

    @Test
    void aCalibrationWhoseBootFailsFilesNothingAndEndsItsRowWithTheReason(@TempDir Path tmp) throws Exception {
        Store store = stores.h2(tmp.resolve("db/fsnbot"), new TestClock(Instant.parse("2026-12-01T00:00:00Z")));
        Testbed script = script();
        Testbed failing = new Testbed() {
            @Override
            public Instrument instrument(Artefacts artefacts, Topology topology) {
                return ScriptedTestbed.INSTRUMENT;
            }

            @Override
            public Measurement measure(Artefacts artefacts, MeasurePlan plan,
                    java.util.function.Consumer<org.fsnbot.run.BootRecord> booted) throws IOException {
                Measurement m = script.measure(artefacts, plan, booted);
                RunResult r = m.run();
                return new Measurement(new RunResult(r.boots(), Optional.of(r.boots().get(0))), m.facts(), m.load(),
                        m.placement());
            }
        };
        FirstUseCalibration first = new FirstUseCalibration(failing, store.jobs(), store.calibrations(), RUNNER, 2,
                java.time.Clock.systemUTC());

        assertThat(first.ifFirst(use(tmp, Profile.load("quick")), List.of(), ESTIMATOR)).isEmpty();
        assertThat(store.count("calibrations", "")).isZero();
        assertThat(store.count("jobs", "outcome = 'ERROR' AND detail LIKE ?", FirstUseCalibration.DETAIL
                + " stopped: boot base-1-try1 %")).isEqualTo(1);
    }

    @Test
    void aCalibrationJobIsNotPrecededByAnotherButAPatchJobIs() throws IOException {
        Base base = new Base("/srv/linux", "v6.12", BaseReason.of(BaseReason.Kind.NAMED_IN_COMMAND));
        Profile quick = Profile.load("quick");
        Job calibration = new Job(base, new Candidate.SameKernel(), quick, TOPOLOGY, new ReplyRoute.Nowhere(), true,
                org.fsnbot.build.KernelBuilder.Code.TRUSTED);
        assertThat(FirstUseCalibration.precedes(calibration)).as("`fsnbot calibrate` files the noise itself")
                .isFalse();
        Job revision = new Job(base, new Candidate.Revision("c".repeat(40)), quick, TOPOLOGY,
                new ReplyRoute.Nowhere(), true, org.fsnbot.build.KernelBuilder.Code.TRUSTED);
        assertThat(FirstUseCalibration.precedes(revision)).as("a job measuring a change").isTrue();
    }

    @Test
    void offMeansNoBootsAndOnePairIsNoSample(@TempDir Path tmp) throws Exception {
        Store store = stores.h2(tmp.resolve("db/fsnbot"), new TestClock(Instant.parse("2026-12-01T00:00:00Z")));
        FirstUseCalibration off = new FirstUseCalibration(script(), store.jobs(), store.calibrations(), RUNNER, 0,
                java.time.Clock.systemUTC());
        assertThat(off.ifFirst(use(tmp, Profile.load("quick")), List.of(), ESTIMATOR)).isEmpty();
        assertThat(store.count("jobs", "")).isZero();
        assertThatThrownBy(() -> new FirstUseCalibration(script(), store.jobs(), store.calibrations(), RUNNER, 1,
                java.time.Clock.systemUTC())).hasMessageContaining("at least 2 pairs");
    }
}
