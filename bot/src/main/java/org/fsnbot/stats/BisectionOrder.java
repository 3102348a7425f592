package org.fsnbot.stats;

import java.util.List;
import java.util.Optional;

/**
 * Which commit a bisection probes next (the middle focus commit left,
 * else the one nearest the middle that was not skipped), and the most
 * judgements that order can take: the bound docs/bisect.md and BisectIT
 * hold a bisection to.
 */
public final class BisectionOrder {

    private BisectionOrder() {
    }

    /** The most judgements a bisection of n commits makes: the ends, the search, the confirmation. */
    public static int maxJudgements(int n) {
        return log2(n) + 2;
    }

    /**
     * The most judgements with a focus: the ends, the search over the
     * focus commits, the search over the commits between the two found
     * (the widest gap), the confirmation.
     */
    public static int maxJudgements(int n, List<Integer> focus) {
        if (focus.isEmpty()) {
            return maxJudgements(n);
        }
        int widest = 0;
        int prev = 0;
        for (int f : focus) {
            widest = Math.max(widest, f - prev);
            prev = f;
        }
        widest = Math.max(widest, n - prev);
        return log2(focus.size() + 1) + log2(widest) + 2;
    }

    private static int log2(int n) {
        return (int) Math.ceil(Math.log(Math.max(2, n)) / Math.log(2) - 1e-9);
    }

    /** The middle focus commit left in (lo, hi), else the commit nearest the middle. */
    static Optional<Integer> next(int lo, int hi, List<Integer> skipped, List<Integer> focus) {
        List<Integer> left = focus.stream().filter(f -> f > lo && f < hi && !skipped.contains(f)).toList();
        return left.isEmpty() ? middle(lo, hi, skipped) : Optional.of(left.get(left.size() / 2));
    }

    /** The commit nearest the middle of (lo, hi) that was not skipped, if any. */
    static Optional<Integer> middle(int lo, int hi, List<Integer> skipped) {
        int mid = (lo + hi) / 2;
        for (int off = 0; off < hi - lo; off++) {
            for (int c : new int[] {mid - off, mid + off}) {
                if (c > lo && c < hi && !skipped.contains(c)) {
                    return Optional.of(c);
                }
            }
        }
        return Optional.empty();
    }
}
