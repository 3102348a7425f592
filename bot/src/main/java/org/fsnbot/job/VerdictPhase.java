package org.fsnbot.job;

import org.fsnbot.report.Measurement;
import org.fsnbot.run.RunResult;

/**
 * Phase 6, verdict: the measurement as a report, with the runner's noise
 * beside each table as the comparison's floor took it (MeasurePhase).
 */
public final class VerdictPhase {

    public Finding.Report run(Measured m) {
        RunResult run = m.booted().run();
        return new Finding.Report(new Measurement(m.comparison(), run.pairs(), m.plan(), run.failedBoots(),
                run.skipped(), m.noise()));
    }
}
