package org.fsnbot.job;

import java.util.List;
import org.fsnbot.report.Measurement;
import org.fsnbot.run.RunResult;
import org.fsnbot.stats.MetricNoise;
import org.fsnbot.store.CalibrationKey;
import org.fsnbot.store.CalibrationStore;

/** Phase 6, verdict: the measurement as a report, with this runner's calibrated noise beside each table. */
public final class VerdictPhase {

    private final CalibrationStore calibrations;
    private final RunnerName runner;

    public VerdictPhase(CalibrationStore calibrations, RunnerName runner) {
        this.calibrations = calibrations;
        this.runner = runner;
    }

    public Finding.Report run(Measured m) {
        Job job = m.booted().imaged().built().applied().resolved().job();
        RunResult run = m.booted().run();
        List<MetricNoise> noise = calibrations.noiseFor(new CalibrationKey(runner.name(),
                m.booted().instrument().accelerator(), m.booted().instrument().clock().word(), job.topology().toString(),
                job.profile().name()));
        return new Finding.Report(new Measurement(m.comparison(), run.pairs(), m.plan(), run.failedBoots(),
                run.skipped(), noise));
    }
}
