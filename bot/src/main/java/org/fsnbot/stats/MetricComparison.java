package org.fsnbot.stats;

import java.util.Objects;
import java.util.Optional;
import org.fsnbot.run.MetricInfo;
import org.fsnbot.run.MetricKey;

/**
 * Base against patched for one metric: each side's per-boot summary
 * (boots are the independent units), the change with its intervals, and
 * the verdict when the metric is in the verdict family.
 */
public record MetricComparison(MetricKey key, MetricInfo info, SideSummary base, SideSummary patched,
        Change change, Optional<Call> call) {

    /**
     * The verdict on a metric of the verdict family, and why it is
     * inconclusive when it is (empty otherwise): a reader who sees an
     * interval that excludes no change must be told what held it back.
     */
    public record Call(Verdict verdict, String why) {
        public Call {
            Objects.requireNonNull(verdict);
            Objects.requireNonNull(why);
            if (why.isEmpty() == (verdict == Verdict.INCONCLUSIVE)) {
                throw new IllegalArgumentException("an inconclusive call, and only that, says why: " + verdict);
            }
        }

        public static Call decided(Verdict v) {
            return new Call(v, "");
        }
    }

    /**
     * One side: n boots, their geometric mean (the centre the change is a
     * ratio of) and the standard deviation of the per-boot values.
     */
    public record SideSummary(int n, double mean, double sd) {
        public SideSummary {
            if (n < 1) {
                throw new IllegalArgumentException("a side needs at least one boot");
            }
        }

        /** Relative standard deviation of the boots. */
        public double cv() {
            return sd / mean;
        }
    }

    /**
     * Patched relative to base in percent (+ means the patched value is
     * larger whichever direction is better), the Welch interval, its level
     * (the look's at which the metric was compared: 0.024 for a 97.6%
     * interval) and p, and the bootstrap cross-check interval (NaN when
     * boots were plenty and it was not computed).
     */
    public record Change(double pct, double ciLowPct, double ciHighPct, double ciAlpha, double pValue,
            double bootLowPct, double bootHighPct) {
        public Change {
            if (ciLowPct > ciHighPct) {
                throw new IllegalArgumentException("interval reversed: " + ciLowPct + " > " + ciHighPct);
            }
            if (!(ciAlpha > 0 && ciAlpha < 1)) {
                throw new IllegalArgumentException("an interval's level is in (0, 1): " + ciAlpha);
            }
        }

        /** "97.6%" for an interval at 0.024. */
        public String ciLabel() {
            return Significance.confidenceLabel(ciAlpha);
        }
    }

    public MetricComparison {
        Objects.requireNonNull(key);
        Objects.requireNonNull(info);
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(patched, "patched");
        Objects.requireNonNull(change);
        Objects.requireNonNull(call);
    }

    /** Whether the metric is in the verdict family (it then carries a call). */
    public boolean inVerdict() {
        return call.isPresent();
    }

    public Optional<Verdict> verdict() {
        return call.map(Call::verdict);
    }

    /** Why an inconclusive verdict metric was not decided; empty for every other metric. */
    public String why() {
        return call.map(Call::why).orElse("");
    }

    /** Whether the change's interval lies wholly on one side of no change. */
    public boolean intervalExcludesZero() {
        return change.ciLowPct() > 0 || change.ciHighPct() < 0;
    }

    public String label() {
        return info.label();
    }

    public String unit() {
        return info.unit();
    }

    public boolean lowerIsBetter() {
        return info.lowerIsBetter();
    }

    public double changePct() {
        return change.pct();
    }
}
