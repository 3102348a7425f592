package org.fsnbot.stats;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.WorkloadSpec;
import org.fsnbot.run.MetricKey;

/**
 * Which metrics of each workload enter the verdict family, the smallest
 * change (in percent) per workload that counts as an effect, the
 * report-wide false alarm rate over every look, how that rate is spent
 * over the looks, the least noise each metric is taken to have, and
 * whether the boots are fsnbot's own (booted by it, each independent of
 * the others whatever their values) or of unknown provenance (run files
 * given to compare-runs, where two equal ones may be one run repeated).
 */
public record MetricPolicy(Map<String, Set<String>> verdictMetrics, Map<String, Double> minEffectPct, double alpha,
        NoiseFloor floor, Map<String, Predicate<String>> onlyRows, AlphaSpending looks, boolean ownBoots) {

    public MetricPolicy {
        verdictMetrics = Map.copyOf(verdictMetrics);
        minEffectPct = Map.copyOf(minEffectPct);
        Objects.requireNonNull(floor);
        onlyRows = Map.copyOf(onlyRows);
        Objects.requireNonNull(looks);
        if (!(alpha > 0 && alpha < 0.5)) {
            throw new IllegalArgumentException("alpha must be in (0, 0.5)");
        }
    }

    /** With the minimal noise floor (NoiseFloor.MINIMAL), judged in one look. */
    public MetricPolicy(Map<String, Set<String>> verdictMetrics, Map<String, Double> minEffectPct, double alpha) {
        this(verdictMetrics, minEffectPct, alpha, NoiseFloor.MINIMAL, Map.of(), AlphaSpending.single(1), false);
    }

    /** The same with another noise floor. */
    public MetricPolicy withFloor(NoiseFloor other) {
        return new MetricPolicy(verdictMetrics, minEffectPct, alpha, other, onlyRows, looks, ownBoots);
    }

    /**
     * The same judging boots fsnbot booted itself: a side whose boots are
     * all equal is a deterministic kernel on the instruction clock, judged
     * with the floor's noise, not one run repeated.
     */
    public MetricPolicy withOwnBoots() {
        return new MetricPolicy(verdictMetrics, minEffectPct, alpha, floor, onlyRows, looks, true);
    }

    /** The same spending alpha over a sequence's looks (AdaptiveSampling.looks()). */
    public MetricPolicy withLooks(AlphaSpending other) {
        return new MetricPolicy(verdictMetrics, minEffectPct, alpha, floor, onlyRows, other, ownBoots);
    }

    /**
     * The same judging only the rows the profile keeps on an instruction
     * clock (WorkloadSpec.instructionRows); a workload it names no rows
     * for keeps every row.
     */
    public MetricPolicy onInstructionClock(Profile p) {
        Map<String, Predicate<String>> rows = new HashMap<>();
        for (WorkloadSpec w : p.workloads()) {
            if (w.instructionRows().isPresent()) {
                rows.merge(w.name(), w::judgedOnInstructions, Predicate::or);
            }
        }
        return new MetricPolicy(verdictMetrics, minEffectPct, alpha, floor, rows, looks, ownBoots);
    }

    /** A profile's verdict metrics and minimum effects, tested at alpha. */
    public static MetricPolicy forProfile(Profile p, double alpha) {
        Map<String, Set<String>> metrics = new HashMap<>();
        Map<String, Double> effects = new HashMap<>();
        for (WorkloadSpec w : p.workloads()) {
            metrics.computeIfAbsent(w.name(), k -> new HashSet<>()).addAll(w.verdictMetrics());
            w.minEffectPct().ifPresent(e -> effects.put(w.name(), e));
        }
        return new MetricPolicy(metrics, effects, alpha);
    }

    public boolean inVerdict(MetricKey k) {
        return verdictMetrics.getOrDefault(k.workload(), Set.of()).contains(k.metric())
                && (!onlyRows.containsKey(k.workload()) || onlyRows.get(k.workload()).test(k.variant()));
    }

    public double minEffect(MetricKey k) {
        return minEffectPct.getOrDefault(k.workload(), Significance.MIN_EFFECT_PCT);
    }
}
