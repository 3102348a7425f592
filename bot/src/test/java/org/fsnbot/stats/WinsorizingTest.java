package org.fsnbot.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class WinsorizingTest {

    private static final double[] QUIET = {0.0, 0.01, -0.01, 0.005, -0.005, 0.002, -0.002, 0.008, -0.008, 0.0};

    @Test
    void aLoneWildValueIsClippedAtTheEdgeAndTheRestKept() {
        double[] wild = QUIET.clone();
        wild[3] = 0.15;
        double[] out = Winsorizing.fewAtMadn(List.of(wild, QUIET), 3, 0.1).get(0);
        assertThat(out[3]).isLessThan(0.05).isGreaterThan(0.005);
        for (int i = 0; i < wild.length; i++) {
            if (i != 3) {
                assertThat(out[i]).isEqualTo(wild[i]);
            }
        }
    }

    @Test
    void aSecondModeIsKeptWhateverTheMadSaysOfIt() {
        // Three of ten boots 5% up: past 3 MADn of the seven, but a mode of the runner, not wild boots.
        double[] modes = {0.0, 0.001, -0.001, 0.002, -0.002, 0.0, 0.001, 0.05, 0.051, 0.049};
        assertThat(Winsorizing.atMadn(modes, 3)[7]).isLessThan(0.05);
        assertThat(Winsorizing.fewAtMadn(List.of(modes, QUIET), 3, 0.1).get(0)).containsExactly(modes);
    }

    @Test
    void sidesAreJudgedTogether() {
        // One wild value on each side: two of twenty, within a tenth, so both are clipped; on one side alone
        // two of ten would be more than a tenth and kept.
        double[] a = QUIET.clone();
        double[] b = QUIET.clone();
        a[0] = 0.2;
        b[1] = 0.2;
        List<double[]> out = Winsorizing.fewAtMadn(List.of(a, b), 3, 0.1);
        assertThat(out.get(0)[0]).isLessThan(0.05);
        assertThat(out.get(1)[1]).isLessThan(0.05);
        double[] both = QUIET.clone();
        both[0] = 0.2;
        both[1] = 0.2;
        assertThat(Winsorizing.fewAtMadn(List.of(both), 3, 0.1).get(0)).containsExactly(both);
    }

    /** n boots of a mode at level, spread a little around it. */
    private static double[] mode(double level, int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = level + 0.0005 * ((i % 5) - 2);
        }
        return v;
    }

    private static double[] concat(double[] a, double[] b) {
        double[] v = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, v, a.length, b.length);
        return v;
    }

    @Test
    void aSideThatDrewBothModesEvenlyLendsItsWidthToTheOther() {
        // The base drew two modes 3% apart six and six, the patched side ten and two: on a width of its own
        // the patched side's two would be wild and clipped (its mean moving 0.5% towards its majority) while
        // the base kept all of its; one width for both keeps both sides whole.
        double[] base = concat(mode(0, 6), mode(0.03, 6));
        double[] patched = concat(mode(0.03, 10), mode(0, 2));
        List<double[]> out = Winsorizing.fewAtMadn(List.of(base, patched), 3, 0.1);
        assertThat(out.get(0)).containsExactly(base);
        assertThat(out.get(1)).containsExactly(patched);
    }

    @Test
    void bootsOfBothModesPastOppositeEdgesCountTogether() {
        // Each side's minority mode lies past its edge, the base's five above, the patched side's two below:
        // seven of 24 boots past an edge are modes, not wild, though the two below alone are few.
        double[] base = concat(mode(0, 7), mode(0.03, 5));
        double[] patched = concat(mode(0.03, 10), mode(0, 2));
        List<double[]> out = Winsorizing.fewAtMadn(List.of(base, patched), 3, 0.1);
        assertThat(out.get(0)).containsExactly(base);
        assertThat(out.get(1)).containsExactly(patched);
    }

    @Test
    void valuesThatMostlyTieAreLeftAlone() {
        double[] ties = {1, 1, 1, 1, 1, 1, 2};
        assertThat(Winsorizing.atMadn(ties, 3)).containsExactly(ties);
        assertThatThrownBy(() -> Winsorizing.fewAtMadn(List.of(ties), 3, 0.5))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
