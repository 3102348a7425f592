package org.fsnbot.job;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import org.fsnbot.run.MetricKey;
import org.fsnbot.stats.MetricNoise;
import org.fsnbot.stats.NoiseFloor;
import org.fsnbot.store.CalibrationKey;
import org.fsnbot.store.CalibrationStore;
import org.fsnbot.plan.Clock;
import org.fsnbot.testbed.Instrument;

/**
 * A job's noise floor (docs/stats.md, "Clocks"): each metric's CV from
 * this runner's latest A/A calibration on the same accelerator, clock,
 * topology and profile, never below its clock's default: the least
 * boot-to-boot CV measured on that clock (instructions: byte-write none,
 * 0.02% under icount; wall: 0.1%, below any runner's real noise). A
 * metric no calibration measured is assumed to have NoiseFloor's
 * ASSUMED_CV_PCT while its boots are few.
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

    NoiseFloor of(Instrument accel, Topology topology, Profile profile) {
        List<MetricNoise> noise = calibrations.noiseFor(new CalibrationKey(runner.name(), accel.accelerator(),
                accel.clock().word(), topology.toString(), profile.name()));
        Map<MetricKey, Double> cv = new HashMap<>();
        noise.forEach(n -> cv.put(n.key(), n.cvPct()));
        return new NoiseFloor(accel.clock() == Clock.INSTRUCTIONS ? INSTRUCTIONS_CV_PCT : WALL_CV_PCT, cv,
                NoiseFloor.ASSUMED_CV_PCT);
    }
}
