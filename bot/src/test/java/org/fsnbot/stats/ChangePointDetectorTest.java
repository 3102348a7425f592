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
    void noChangeFindsNothingInNineteenOfTwentyHistories() {
        int alarms = 0;
        for (int s = 0; s < 20; s++) {
            alarms += ChangePointDetector.standard().find(history(50, 0, 0, 0.10, 100 + s)).size();
        }
        assertThat(alarms).isLessThanOrEqualTo(1);
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
