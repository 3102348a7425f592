package org.fsnbot.stats;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.fsnbot.run.MetricInfo;
import org.fsnbot.run.MetricKey;
import org.fsnbot.run.Sample;
import org.fsnbot.run.Side;

/**
 * One metric's samples grouped by side and boot: where every summary
 * starts. Repetitions inside a boot are not independent of each other, so
 * they are summarised per boot (BootSummary) before anything else.
 */
public record MetricSamples(MetricKey key, MetricInfo info, Map<Side, SortedMap<Integer, List<Double>>> reps) {

    public MetricSamples {
        Map<Side, SortedMap<Integer, List<Double>>> copy = new EnumMap<>(Side.class);
        reps.forEach((side, boots) -> {
            SortedMap<Integer, List<Double>> b = new TreeMap<>();
            boots.forEach((i, v) -> b.put(i, List.copyOf(v)));
            copy.put(side, b);
        });
        reps = copy;
    }

    /** The samples grouped per metric, in the order the metrics first appear. */
    public static List<MetricSamples> group(List<Sample> samples) {
        Map<MetricKey, MetricInfo> infos = new LinkedHashMap<>();
        Map<MetricKey, Map<Side, SortedMap<Integer, List<Double>>>> reps = new LinkedHashMap<>();
        for (Sample s : samples) {
            infos.putIfAbsent(s.key(), s.info());
            reps.computeIfAbsent(s.key(), k -> new EnumMap<>(Side.class))
                    .computeIfAbsent(s.side(), k -> new TreeMap<>())
                    .computeIfAbsent(s.boot(), k -> new ArrayList<>()).add(s.value());
        }
        List<MetricSamples> out = new ArrayList<>();
        infos.forEach((k, info) -> out.add(new MetricSamples(k, info, reps.get(k))));
        return out;
    }

    public boolean has(Side side) {
        return reps.containsKey(side);
    }

    /** Each boot's summary of its repetitions on one side, in boot order. */
    public double[] perBoot(Side side) {
        return summarise(reps.getOrDefault(side, new TreeMap<>()).values());
    }

    /** Every boot's summary, both sides pooled (one kernel on both sides: an A/A run). */
    public double[] perBootPooled() {
        List<List<Double>> all = new ArrayList<>();
        reps.values().forEach(b -> all.addAll(b.values()));
        return summarise(all);
    }

    /** The repetitions of one side's first boot. */
    public double[] firstBootReps(Side side) {
        return reps.get(side).values().iterator().next().stream().mapToDouble(Double::doubleValue).toArray();
    }

    private double[] summarise(Iterable<List<Double>> boots) {
        List<Double> out = new ArrayList<>();
        for (List<Double> r : boots) {
            out.add(BootSummary.of(r.stream().mapToDouble(Double::doubleValue).toArray(), info.isRate()));
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
