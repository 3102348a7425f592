package org.fsnbot.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.hipparchus.stat.StatUtils;
import org.junit.jupiter.api.Test;

class JudgedLogsTest {

    private static double[] around(double level, int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = level * (1 + 0.01 * ((i % 5) - 2) / 2);
        }
        return v;
    }

    @Test
    void oneSlowBootIsLeftOutOfTheLevelAndCostsDegreesOfFreedom() {
        double[] base = around(100, 12);
        base[3] = 130;
        List<JudgedLogs.Side> s = JudgedLogs.of(List.of(base, around(100, 12)));
        JudgedLogs.Side b = s.get(0);
        assertThat(b.wildBoots()).isEqualTo(1);
        assertThat(b.wild()[3]).isTrue();
        assertThat(s.get(1).wildBoots()).isZero();
        double[] kept = new double[11];
        for (int i = 0, k = 0; i < 12; i++) {
            if (i != 3) {
                kept[k++] = Math.log(base[i]);
            }
        }
        assertThat(b.location()).isCloseTo(StatUtils.mean(kept), within(1e-12));
        double[] vd = b.locationVarianceAndDf(0);
        // Yuen: (n - 1) s_w^2 / (h (h - 1)) with h = n - 2g = 10.
        assertThat(vd[0]).isCloseTo(11 * StatUtils.variance(b.winsorized()) / (10.0 * 9), within(1e-15));
        assertThat(vd[1]).isEqualTo(9);
        assertThat(b.winsorized()[3]).isLessThan(Math.log(130)).isGreaterThan(Math.log(101));
    }

    @Test
    void aSideWithoutWildBootsIsWelchs() {
        double[] v = around(100, 12);
        JudgedLogs.Side s = JudgedLogs.of(List.of(v, v)).get(0);
        double[] logs = java.util.Arrays.stream(v).map(Math::log).toArray();
        assertThat(s.location()).isCloseTo(StatUtils.mean(logs), within(1e-12));
        double[] vd = s.locationVarianceAndDf(0);
        assertThat(vd[0]).isCloseTo(StatUtils.variance(logs) / 12, within(1e-15));
        assertThat(vd[1]).isEqualTo(11);
    }

    @Test
    void aSecondModeIsKeptAndFewBootsAreNeverJudged() {
        double[] base = around(100, 12);
        double[] patched = around(100, 12);
        for (int i = 0; i < 3; i++) {
            base[i] = 108 + i * 0.1;
            patched[i] = 108 - i * 0.1;
        }
        // Six boots of twenty-four past one edge are a mode of the runner, not wild ones.
        assertThat(JudgedLogs.of(List.of(base, patched))).allMatch(s -> s.wildBoots() == 0);
        double[] few = around(100, JudgedLogs.ROBUST_BOOTS - 1);
        few[1] = 130;
        assertThat(JudgedLogs.of(List.of(few, around(100, JudgedLogs.ROBUST_BOOTS)))).allMatch(s -> s.wildBoots() == 0);
    }
}
