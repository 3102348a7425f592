package org.fsnbot.job;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fsnbot.plan.Clock;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import org.fsnbot.run.MetricKey;
import org.fsnbot.stats.MetricNoise;
import org.fsnbot.stats.NoiseFloor;
import org.fsnbot.stats.PooledNoise;
import org.fsnbot.store.CalibrationKey;
import org.fsnbot.store.CalibrationStore;
import org.fsnbot.testbed.Instrument;

/**
 * What a runner knows of its noise, and a job's noise floor from it
 * (docs/stats.md, "Clocks"). Each metric's noise is its latest A/A
 * calibration on the same accelerator, clock, topology and profile pooled
 * with the base boots of this runner's latest jobs of that setup (every
 * job's base boots are boots of one build: an A/A sample made anyway), so
 * a runner knows its noise from its jobs without an operator's step. The
 * floor is that noise, with its degrees of freedom, never below the
 * clock's default: the least boot-to-boot CV measured on that clock
 * (instructions: byte-write none, 0.02% under icount; wall: 0.1%, below
 * any runner's real noise). A metric nothing measured is assumed to have
 * NoiseFloor's ASSUMED_CV_PCT while its boots are few.
 */
public final class NoiseFloors {

    static final double WALL_CV_PCT = 0.1;
    static final double INSTRUCTIONS_CV_PCT = 0.02;

    private final CalibrationStore calibrations;
    private final RunnerName runner;

    public NoiseFloors(CalibrationStore calibrations, RunnerName runner) {
        this.calibrations = calibrations;
        this.runner = runner;
    }

    /** Each metric's noise on this runner's setup, from its calibration and its earlier jobs' base boots. */
    List<MetricNoise> noise(String accelerator, Clock clock, Topology topology, Profile profile) {
        CalibrationKey key = new CalibrationKey(runner.name(), accelerator, clock.word(), topology.toString(),
                profile.name());
        Map<MetricKey, MetricNoise> byKey = new LinkedHashMap<>();
        calibrations.noiseFor(key).forEach(n -> byKey.put(n.key(), n));
        calibrations.baseBootNoise(key).forEach(n -> byKey.merge(n.key(), n, PooledNoise::combined));
        return List.copyOf(byKey.values());
    }

    /** The floor of a job measured by accel on topology with profile. */
    NoiseFloor of(Instrument accel, Topology topology, Profile profile) {
        return of(accel.clock(), noise(accel.accelerator(), accel.clock(), topology, profile));
    }

    /** The floor of a job on clock, from the runner's noise. */
    static NoiseFloor of(Clock clock, List<MetricNoise> noise) {
        Map<MetricKey, Double> cv = new HashMap<>();
        Map<MetricKey, Integer> df = new HashMap<>();
        for (MetricNoise n : noise) {
            cv.put(n.key(), n.cvPct());
            if (n.df() > 0) {
                df.put(n.key(), n.df());
            }
        }
        return new NoiseFloor(clock == Clock.INSTRUCTIONS ? INSTRUCTIONS_CV_PCT : WALL_CV_PCT, cv,
                NoiseFloor.ASSUMED_CV_PCT, df);
    }
}
