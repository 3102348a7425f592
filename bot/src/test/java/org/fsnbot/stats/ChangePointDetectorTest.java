package org.fsnbot.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** fsnbot's change-point detector on histories with known answers, and the baselines it is compared with. */
class ChangePointDetectorTest {

    /** n points of three boots around level (log-normal noise of sd), the level times (1 + step) from at on. */
    private static List<double[]> history(int n, int at, double step, double sd, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double[] b = new double[3];
            for (int k = 0; k < 3; k++) {
                b[k] = 100 * (i >= at ? 1 + step : 1) * Math.exp(sd * NoiseModels.gaussian(rnd));
            }
            out.add(b);
        }
        return out;
    }

    @Test
    void aTenPercentStepInQuietNoiseIsFoundWhereItIsWithItsSize() {
        List<ChangePointDetector.ChangePoint> cps = ChangePointDetector.standard().find(history(40, 23, 0.10, 0.02, 1));
        assertThat(cps).hasSize(1);
        assertThat(cps.get(0).index()).isEqualTo(23);
        assertThat(cps.get(0).changePct()).isBetween(8.0, 12.0);
        assertThat(cps.get(0).ciLowPct()).isLessThan(cps.get(0).changePct());
        assertThat(cps.get(0).ciHighPct()).isGreaterThan(cps.get(0).changePct());
    }

    @Test
    void noChangeIsNamedInAtMostTheReportsAlphaOfHistories() {
        int flagged = 0;
        for (int s = 0; s < 200; s++) {
            flagged += ChangePointDetector.standard().find(history(16 + s % 5, 0, 0, 0.10, 100 + s)).isEmpty() ? 0 : 1;
        }
        // 5% of 200 is 10; 16 would be a rate past 5% with p < 0.05.
        assertThat(flagged).isLessThanOrEqualTo(15);
    }

    @Test
    void aReportOfManyQuietSeriesNamesAChangeInAtMostItsAlphaOfReports() {
        int reports = 0;
        for (int r = 0; r < 60; r++) {
            List<List<double[]>> series = new ArrayList<>();
            for (int s = 0; s < 12; s++) {
                series.add(history(12 + s % 9, 0, 0, 0.05, 1000L * r + s));
            }
            reports += ReportChangePoints.standard().find(series).stream().allMatch(List::isEmpty) ? 0 : 1;
        }
        // Each series alone at 5% would flag ~46% of these reports.
        assertThat(reports).isLessThanOrEqualTo(7);
    }

    @Test
    void aRegressionAndItsFixFivePointsApartAreBothFound() {
        List<double[]> h = history(8, 8, 0, 0.01, 11);
        h.addAll(history(5, 0, 0.05, 0.01, 12));
        h.addAll(history(7, 7, 0, 0.01, 13));
        assertThat(ChangePointDetector.standard().find(h)).extracting(ChangePointDetector.ChangePoint::index)
                .containsExactly(8, 13);
    }

    @Test
    void oneWildPointIsNotAChange() {
        for (long seed = 0; seed < 20; seed++) {
            List<double[]> h = history(20, 0, 0, 0.01, 300 + seed);
            h.set(7 + (int) seed % 6, new double[] {150, 150, 150});
            assertThat(ChangePointDetector.standard().find(h)).as("seed %d", seed).isEmpty();
        }
    }

    @Test
    void jobsThatDifferMoreThanTheirBootsDoAreNotChanges() {
        SplittableRandom rnd = new SplittableRandom(21);
        int flagged = 0;
        for (int s = 0; s < 100; s++) {
            List<double[]> h = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                double job = Math.exp(0.03 * NoiseModels.gaussian(rnd));
                h.add(new double[] {100 * job, 100.1 * job, 99.9 * job});
            }
            flagged += ChangePointDetector.standard().find(h).isEmpty() ? 0 : 1;
        }
        assertThat(flagged).isLessThanOrEqualTo(9);
    }

    @Test
    void aStepBelowTheMinimumEffectIsNotNamedHoweverSureItIs() {
        assertThat(ChangePointDetector.standard().find(history(40, 20, 0.01, 0.001, 2))).isEmpty();
    }

    @Test
    void aShortHistoryOfWellMeasuredPointsStillShowsALargeStep() {
        List<ChangePointDetector.ChangePoint> cps = ChangePointDetector.standard().find(history(6, 3, 5.0, 0.05, 3));
        assertThat(cps).extracting(ChangePointDetector.ChangePoint::index).containsExactly(3);
    }

    @Test
    void twoStepsAreBothFound() {
        List<double[]> h = history(30, 10, 0.2, 0.02, 4);
        h.addAll(history(20, 0, 0.5, 0.02, 5));
        assertThat(ChangePointDetector.standard().find(h)).extracting(ChangePointDetector.ChangePoint::index)
                .containsExactly(10, 30);
    }

    @Test
    void pointsMustHaveBootsAndPositiveValues() {
        assertThatThrownBy(() -> ChangePointDetector.standard().find(List.of(new double[0])))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ChangePointDetector.standard().find(List.of(new double[] {-1})))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void eDivisiveAsPublishedFindsAClearStepAndNothingInNoise() {
        double[] step = new double[100];
        double[] flat = new double[100];
        SplittableRandom rnd = new SplittableRandom(7);
        for (int i = 0; i < 100; i++) {
            step[i] = (i >= 50 ? 3 : 0) + NoiseModels.gaussian(rnd);
            flat[i] = NoiseModels.gaussian(rnd);
        }
        EDivisiveBaseline ed = new EDivisiveBaseline(0.05, 199, 30);
        assertThat(ed.find(step, new SplittableRandom(1))).singleElement().satisfies(i -> assertThat(i).isBetween(48, 52));
        assertThat(ed.find(flat, new SplittableRandom(2))).isEmpty();
    }

    @Test
    void theRollingTTestFindsAClearStep() {
        double[] step = new double[60];
        SplittableRandom rnd = new SplittableRandom(8);
        for (int i = 0; i < 60; i++) {
            step[i] = (i >= 30 ? 10 : 0) + NoiseModels.gaussian(rnd);
        }
        assertThat(RollingTTestBaseline.perfherder().find(step)).containsExactly(30);
    }
}
