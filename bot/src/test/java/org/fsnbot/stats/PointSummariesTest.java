package org.fsnbot.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Which per-job summary the detector sees, and that the choice does not depend on the points' order. */
class PointSummariesTest {

    private static List<double[]> points(boolean wildBoots, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            double[] b = new double[5];
            for (int k = 0; k < b.length; k++) {
                b[k] = 100 * Math.exp(0.02 * NoiseModels.gaussian(rnd));
            }
            if (wildBoots && i % 2 == 0) {
                b[i % 5] *= 1.5;
            }
            out.add(b);
        }
        return out;
    }

    private static double[] mean(List<double[]> points) {
        return points.stream().mapToDouble(p -> {
            double s = 0;
            for (double v : p) {
                s += Math.log(v);
            }
            return s / p.length;
        }).toArray();
    }

    @Test
    void wellBehavedBootsAreSummedUpByTheirMean() {
        List<double[]> p = points(false, 1);
        assertThat(PointSummaries.of(p)).containsExactly(mean(p), within(1e-12));
    }

    @Test
    void aWildBootInEveryOtherJobMakesItTheMedian() {
        List<double[]> p = points(true, 2);
        double[] x = PointSummaries.of(p);
        for (int i = 0; i < x.length; i++) {
            double[] l = p.get(i).clone();
            for (int k = 0; k < l.length; k++) {
                l[k] = Math.log(l[k]);
            }
            Arrays.sort(l);
            assertThat(x[i]).isEqualTo(l[2]);
        }
    }

    @Test
    void theChoiceIsTheSameInAnyOrderOfThePoints() {
        for (long seed = 0; seed < 10; seed++) {
            List<double[]> p = points(seed % 2 == 0, 10 + seed);
            List<double[]> shuffled = new ArrayList<>(p);
            Collections.shuffle(shuffled, new Random(seed));
            double[] a = PointSummaries.of(p);
            double[] b = PointSummaries.of(shuffled);
            for (int i = 0; i < p.size(); i++) {
                assertThat(b[shuffled.indexOf(p.get(i))]).isEqualTo(a[i]);
            }
        }
    }

    @Test
    void pointsMustHaveBootsAndPositiveFiniteValues() {
        assertThatThrownBy(() -> PointSummaries.of(List.of(new double[0]))).hasMessageContaining("without boots");
        assertThatThrownBy(() -> PointSummaries.of(List.of(new double[] {Double.NaN})))
                .hasMessageContaining("finite and > 0");
    }
}
