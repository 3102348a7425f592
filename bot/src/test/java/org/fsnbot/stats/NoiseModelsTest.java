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
    void theBootsCalibratePlansGiveThePowerItPromises() {
        VerdictSimulation.Planned p = report(NoiseModels.bimodal(3, 0.5, 0.3), 60).runPlanned(0.05, 5, 400);
        assertThat(p.ownPower()).isGreaterThan(0.75);
        assertThat(p.falseAlarmPerReport()).isLessThanOrEqualTo(0.05);
    }

    @Test
    void modelsSayWhatTheyAre() {
        assertThat(NoiseModels.audit()).extracting(NoiseModel::name).doesNotHaveDuplicates()
                .contains("bimodal, +3% mode 50% of boots, sd 0.3% within");
    }
}
