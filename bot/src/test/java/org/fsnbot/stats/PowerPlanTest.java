package org.fsnbot.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class PowerPlanTest {

    @Test
    void theBootsItPlansGiveThePowerOnOtherSimulatedBoots() {
        // Nine verdict metrics, 2% minimum effect, every boot in one look; noise 0.8% and 2%.
        for (double cv : new double[] {0.8, 2.0}) {
            int n = PowerPlan.bootsFor(cv, 9);
            assertThat(n).isGreaterThanOrEqualTo(Significance.bootsToResolve(cv, 9));
            PowerPlan plan = new PowerPlan(n, 0.05, 9, 2);
            assertThat(plan.power(cv, n, 2, 1000, 99)).as("cv %.1f%%, %d boots", cv, n).isGreaterThan(0.77);
            // The normal formula at alpha for one metric (what calibrate printed) is far short of it.
            int naive = Significance.bootsNeeded(cv, 2, 0.05, 0.8);
            assertThat(new PowerPlan(Math.max(2, naive), 0.05, 9, 2).power(cv, naive, 2, 1000, 99)).isLessThan(0.6);
        }
    }

    @Test
    void lookingEarlierCostsLittlePower() {
        // The same budget reached one pair at a time from 3 boots, alpha spent over the looks.
        int n = PowerPlan.bootsFor(0.8, 9);
        assertThat(new PowerPlan(3, 0.05, 9, 2).power(0.8, n, 2, 1000, 98)).isGreaterThan(0.7);
    }

    @Test
    void boundsAreSaid() {
        assertThat(PowerPlan.bootsFor(0, 9)).isEqualTo(ChangeEstimator.MIN_BOOTS);
        assertThatThrownBy(() -> PowerPlan.bootsFor(Double.NaN, 9)).hasMessageContaining("no CV");
        assertThat(PowerPlan.twoDigitsUp(1.234)).isCloseTo(1.3, within(1e-12));
        assertThat(PowerPlan.twoDigitsUp(12.0)).isCloseTo(12.0, within(1e-12));
    }

    @Test
    void withoutAChangeItCallsNoRegression() {
        assertThat(new PowerPlan(3, 0.05, 1, 2).power(1, 10, 0, 1000, 3)).isLessThan(0.05);
    }

    @Test
    void theCvPlannedForIsAnUpperBoundOfTheMeasuredOne() {
        // 10 boots: 9 degrees of freedom, chi-square's 20% quantile 5.380 (scipy.stats.chi2.ppf(0.2, 9)).
        assertThat(PowerPlan.plannedCv(1.0, 10)).isCloseTo(Math.sqrt(9 / 5.380), within(1e-3));
        assertThat(PowerPlan.plannedCv(1.0, 100)).isGreaterThan(1.0).isLessThan(1.1);
    }
}
