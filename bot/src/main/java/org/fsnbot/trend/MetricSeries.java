package org.fsnbot.trend;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;
import org.fsnbot.report.RowLabel;
import org.fsnbot.run.MetricInfo;
import org.fsnbot.run.MetricKey;
import org.fsnbot.run.Sample;
import org.fsnbot.stats.MetricSamples;
import org.fsnbot.store.TrendPoint;

/**
 * One metric's history on one line and setup: its points in order, each
 * with its per-boot values (each boot summarised over its repetitions as
 * a reply does). Points of another runner, accelerator, profile or
 * topology are another series: their numbers are not comparable.
 */
public record MetricSeries(String line, TrendPoint.Setup setup, MetricKey key, MetricInfo info, List<Point> points) {

    /** One point: where it comes from (job, side, commit, time), its per-boot values and their samples. */
    public record Point(TrendPoint source, double[] perBoot, List<Sample> samples) {
        public Point {
            Objects.requireNonNull(source);
            if (perBoot.length == 0) {
                throw new IllegalArgumentException("a point without boots");
            }
            samples = List.copyOf(samples);
        }

        public Instant at() {
            return source.measuredAt();
        }

        public String commit() {
            return source.commit();
        }

        /** The geometric mean of the boots, as a reply's tables show a kernel. */
        public double mean() {
            double s = 0;
            for (double v : perBoot) {
                s += Math.log(v);
            }
            return Math.exp(s / perBoot.length);
        }
    }

    public MetricSeries {
        Objects.requireNonNull(line);
        Objects.requireNonNull(setup);
        Objects.requireNonNull(key);
        Objects.requireNonNull(info);
        points = List.copyOf(points);
    }

    /** The same series with only the points measured in [from, to). */
    public MetricSeries between(Instant from, Instant to) {
        return new MetricSeries(line, setup, key, info, points.stream()
                .filter(p -> !p.at().isBefore(from) && p.at().isBefore(to)).toList());
    }

    /** "workload row metric", the way a reader finds it in a reply. */
    public String label() {
        return key.workload() + " " + RowLabel.of(info.label(), key.variant()) + " " + key.metric();
    }

    /** The series of the headline metrics in a line's points, in order of first appearance. */
    public static List<MetricSeries> of(String line, List<TrendPoint> points, Predicate<MetricKey> headline) {
        record Id(TrendPoint.Setup setup, MetricKey key) {
        }
        Map<Id, List<Point>> byId = new LinkedHashMap<>();
        Map<Id, MetricInfo> infos = new LinkedHashMap<>();
        for (TrendPoint p : points) {
            for (MetricSamples m : MetricSamples.group(p.samples())) {
                if (!headline.test(m.key()) || !m.has(p.side())) {
                    continue;
                }
                Id id = new Id(p.setup(), m.key());
                List<Sample> own = p.samples().stream().filter(s -> s.key().equals(m.key())).toList();
                byId.computeIfAbsent(id, k -> new ArrayList<>()).add(new Point(p, m.perBoot(p.side()), own));
                infos.putIfAbsent(id, m.info());
            }
        }
        List<MetricSeries> out = new ArrayList<>();
        byId.forEach((id, pts) -> out.add(new MetricSeries(line, id.setup(), id.key(), infos.get(id), pts)));
        return out;
    }
}
