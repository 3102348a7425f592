package org.fsnbot.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import org.junit.jupiter.api.Test;

/** The verdict rule on noise nobody tuned it to: issue 26's acceptance, on fewer reports than stats-sim runs. */
class NoiseModelsTest {

    private static VerdictSimulation report(NoiseModel m, int trials) {
        return new VerdictSimulation(Collections.nCopies(9, m), trials, 26);
    }

    @Test
    void bimodalBootsRaiseNoAlarmAtThreeBootsButDidWithoutTheAssumedNoise() {
        VerdictSimulation sim = report(NoiseModels.bimodal(3, 0.5, 0.3), 300);
        assertThat(sim.falseAlarmsPerReport(new FsnbotRule(0.05, 2), 3)).isLessThanOrEqualTo(0.05);
        assertThat(sim.falseAlarmsPerReportCalibrated(0.05, 3, 5)).isLessThanOrEqualTo(0.05);
        // The rule before 2026-12-03 (no floor but the degenerate one): the audit's 27%.
        assertThat(sim.falseAlarmsPerReport(new FsnbotRule(0.05, 2, NoiseFloor.MINIMAL), 3)).isGreaterThan(0.15);
    }

    @Test
    void aSideThatIsOneRunRepeatedRaisesNoAlarm() {
        VerdictSimulation sim = report(NoiseModels.repeatedPatched(1), 300);
        assertThat(sim.falseAlarmsPerReport(new FsnbotRule(0.05, 2), 3)).isZero();
        assertThat(sim.falseAlarmsPerReportCalibrated(0.05, 3, 5)).isZero();
    }

    @Test
    void aSideOfNearCopiesOfOneRunRaisesNoAlarmAtAnyBoots() {
        VerdictSimulation sim = report(NoiseModels.nearCopiesPatched(1), 200);
        for (int boots : new int[] {3, 5, 10, 20}) {
            assertThat(sim.falseAlarmsPerReport(new FsnbotRule(0.05, 2), boots)).as("%d boots", boots).isZero();
        }
        assertThat(sim.falseAlarmsPerReportCalibrated(0.05, 5, 5)).isZero();
    }

    @Test
    void theBootsCalibratePlansGiveThePowerItPromises() {
        VerdictSimulation.Planned p = report(NoiseModels.bimodal(3, 0.5, 0.3), 60).runPlanned(0.05, 5, 400);
        assertThat(p.ownPower()).isGreaterThan(0.75);
        assertThat(p.falseAlarmPerReport()).isLessThanOrEqualTo(0.05);
    }

    @Test
    void modelsSayWhatTheyAre() {
        assertThat(NoiseModels.audit()).extracting(NoiseModel::name).doesNotHaveDuplicates()
                .contains("bimodal, +3% mode 50% of boots, sd 0.3% within");
        java.util.List<String> audit = NoiseModels.audit().stream().map(NoiseModel::name).toList();
        assertThat(NoiseModels.beyondAudit()).extracting(NoiseModel::name).doesNotHaveDuplicates()
                .doesNotContainAnyElementsOf(audit).contains("CV 0.5%, 8% of boots +5%");
    }

    /**
     * The full profile's looks with decided workloads left out: the whole
     * sequence keeps the report's 5% on A/A reports, and a report whose
     * quiet metrics are decided at the first look pays for its noisy ones
     * only after it.
     */
    @Test
    void decidedWorkloadsStopCostingBootsAndTheSequenceKeepsItsLevel() {
        VerdictSimulation aa = report(NoiseModels.gaussian(2), 200);
        assertThat(new SequentialSimulation(aa).run(0.05, 10, 20, 10, 0).reportsCalling()).isLessThanOrEqualTo(0.07);
        java.util.List<NoiseModel> mixed = new java.util.ArrayList<>(Collections.nCopies(4, NoiseModels.gaussian(0.2)));
        mixed.addAll(Collections.nCopies(5, NoiseModels.gaussian(5)));
        SequentialSimulation.Result s = new SequentialSimulation(new VerdictSimulation(mixed, 100, 26)).run(0.05, 10, 20,
                10, 0);
        assertThat(s.meanBoots()).isGreaterThan(15);
        assertThat(s.workloadRuns()).isLessThan(0.85 * s.everyWorkloadRuns());
    }
}
