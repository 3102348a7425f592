package org.fsnbot.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fsnbot.run.MetricInfo;
import org.fsnbot.run.MetricKey;
import org.fsnbot.run.Sample;
import org.fsnbot.run.Side;
import org.junit.jupiter.api.Test;

class AdaptiveSamplingTest {

    private static Comparison compare(AdaptiveSampling plan, double[] base, double[] patched) {
        List<Sample> s = new ArrayList<>();
        for (int i = 0; i < base.length; i++) {
            s.add(new Sample(Side.BASE, i, 0, new MetricKey("w", "parent", "t"), new MetricInfo("mode", "ns", true), base[i]));
        }
        for (int i = 0; i < patched.length; i++) {
            s.add(new Sample(Side.PATCHED, i, 0, new MetricKey("w", "parent", "t"), new MetricInfo("mode", "ns", true), patched[i]));
        }
        return new ChangeEstimator(new MetricPolicy(Map.of("w", Set.of("t")), Map.of(), plan.alpha())
                .withLooks(plan.spending())).compare(s);
    }

    @Test
    void alphaIsSpentOverTheLooks() {
        AdaptiveSampling a = new AdaptiveSampling(3, 6, 0.05);
        assertThat(a.looks()).isEqualTo(4);
        // O'Brien-Fleming: little at the first look (half the boots), most at the last.
        assertThat(a.ciAlpha(3)).isCloseTo(0.0056, within(1e-4));
        assertThat(a.ciAlpha(6)).isGreaterThan(a.ciAlpha(3)).isGreaterThan(0.05 / 4);
        assertThat(new AdaptiveSampling(3, 3, 0.05).ciAlpha(3)).isCloseTo(0.05, within(1e-12));
    }

    @Test
    void asksForMoreOnlyWhileInconclusiveAndWithinBudget() {
        AdaptiveSampling a = new AdaptiveSampling(3, 5, 0.05);
        Comparison noisy = compare(a, new double[] {100, 130, 90}, new double[] {110, 95, 140});
        Comparison clear = compare(a, new double[] {100, 101, 99}, new double[] {200, 202, 198});
        assertThat(noisy.overall()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(a.wantsMore(noisy, 3)).isTrue();
        assertThat(a.wantsMore(noisy, 4)).isTrue();
        assertThat(a.wantsMore(noisy, 5)).as("budget spent").isFalse();
        assertThat(clear.overall()).isEqualTo(Verdict.REGRESSION);
        assertThat(a.wantsMore(clear, 3)).as("decided: stop early").isFalse();
    }

    @Test
    void rejectsBudgetsThatCannotWork() {
        assertThatThrownBy(() -> new AdaptiveSampling(1, 3, 0.05)).hasMessageContaining("at least 2");
        assertThatThrownBy(() -> new AdaptiveSampling(4, 3, 0.05)).hasMessageContaining("maxBoots");
    }
}
