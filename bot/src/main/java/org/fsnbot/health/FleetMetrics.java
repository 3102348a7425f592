package org.fsnbot.health;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.fsnbot.store.FleetCensus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fleet's Prometheus metrics (docs/fleet.md "Running it as a
 * service"), counted once a scrape from the store so that every figure in
 * one scrape is of one moment: open units by class and state and the
 * oldest one's age, runners by state (gone: active but holding no name),
 * units by state, boots by status; and this node's own: whether the
 * database answered and whether the node is ready.
 */
public final class FleetMetrics implements MultiCollector {

    private static final Logger log = LoggerFactory.getLogger(FleetMetrics.class);

    private final Supplier<FleetCensus.Counts> census;
    private final Node node;

    public FleetMetrics(Supplier<FleetCensus.Counts> census, Node node) {
        this.census = census;
        this.node = node;
    }

    @Override
    public MetricSnapshots collect() {
        List<MetricSnapshot> out = new ArrayList<>();
        Optional<FleetCensus.Counts> counts;
        try {
            counts = Optional.of(census.get());
        } catch (RuntimeException e) {
            log.warn("metrics: the store could not be counted: {}", e.toString());
            counts = Optional.empty();
        }
        out.add(gauge("fsnbot_database_up", "Whether this node could read the fleet's store for this scrape.",
                Map.of(Labels.EMPTY, counts.isPresent() ? 1.0 : 0.0)));
        Labels me = Labels.of("role", node.role(), "name", node.name());
        out.add(gauge("fsnbot_node_ready", "Whether this node can take its work now (runner: holds its name,"
                + " active, not paused).", Map.of(me, node.running().get() && node.notReady().get().isEmpty()
                        ? 1.0 : 0.0)));
        counts.ifPresent(c -> add(out, c));
        return new MetricSnapshots(out);
    }

    private static void add(List<MetricSnapshot> out, FleetCensus.Counts c) {
        Map<Labels, Double> units = new java.util.LinkedHashMap<>();
        Map<Labels, Double> oldest = new java.util.LinkedHashMap<>();
        for (FleetCensus.Units u : c.open()) {
            Labels l = Labels.of("class", u.runnerClass(), "state", u.state());
            units.put(l, (double) u.count());
            oldest.put(l, u.oldest().toMillis() / 1000.0);
        }
        out.add(gauge("fsnbot_queue_units", "Open units by runner class (empty: not dispatched yet) and state.",
                units));
        out.add(gauge("fsnbot_queue_oldest_seconds", "Age of the oldest open unit by class and state (running:"
                + " since it started).", oldest));
        out.add(gauge("fsnbot_runners", "Runners by state; gone: active in the registry but holding no name.",
                labelled("state", c.runners())));
        out.add(gauge("fsnbot_units", "Units by state, since the store began (dead-letter ones need the"
                + " operator).", labelled("state", c.units())));
        CounterSnapshot.Builder boots = CounterSnapshot.builder().name("fsnbot_boots").help("Boots by status,"
                + " since the store began.");
        c.boots().forEach((status, n) -> boots.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder()
                .labels(Labels.of("status", status)).value(n).build()));
        out.add(boots.build());
    }

    private static Map<Labels, Double> labelled(String label, Map<String, Long> counts) {
        Map<Labels, Double> out = new java.util.LinkedHashMap<>();
        counts.forEach((k, n) -> out.put(Labels.of(label, k), n.doubleValue()));
        return out;
    }

    private static GaugeSnapshot gauge(String name, String help, Map<Labels, Double> points) {
        GaugeSnapshot.Builder g = GaugeSnapshot.builder().name(name).help(help);
        points.forEach((l, v) -> g.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(l).value(v)
                .build()));
        return g.build();
    }
}
