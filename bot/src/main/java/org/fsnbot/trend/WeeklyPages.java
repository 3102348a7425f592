package org.fsnbot.trend;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.fsnbot.report.TrendChart;
import org.fsnbot.report.WeeklyRenderer;
import org.fsnbot.stats.ChangePointDetector.ChangePoint;
import org.hipparchus.distribution.continuous.TDistribution;
import org.hipparchus.stat.StatUtils;

/**
 * The weekly report as static pages under a www directory: per week a
 * directory named by its Monday with index.html, a PNG and an SVG chart per
 * series and data.json (every point and change point behind the charts);
 * and weeks.html, every week newest first (the site's index.html is the
 * recent jobs', pages.Site).
 */
final class WeeklyPages {

    private final WeeklyRenderer renderer;
    private final ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    WeeklyPages(WeeklyRenderer renderer) {
        this.renderer = renderer;
    }

    /** Writes the week's directory and rewrites the index; returns the week's directory. */
    Path write(Path www, WeeklyAnalysis.Result r, String mail) throws IOException {
        Path dir = www.resolve(r.report().weekStart().toString());
        Files.createDirectories(dir);
        ObjectNode data = json.createObjectNode();
        data.put("week_start", r.report().weekStart().toString());
        ArrayNode series = data.putArray("series");
        for (WeeklyAnalysis.Charted c : r.charts()) {
            List<TrendChart.Point> points = new ArrayList<>();
            ObjectNode s = series.addObject();
            s.put("chart", c.name()).put("line", c.series().line()).put("setup", c.series().setup().toString())
                    .put("metric", c.series().label()).put("unit", c.series().info().unit())
                    .put("lower_is_better", c.series().info().lowerIsBetter());
            ArrayNode pts = s.putArray("points");
            for (MetricSeries.Point p : c.series().points()) {
                double[] ci = interval(p.perBoot());
                points.add(new TrendChart.Point(Date.from(p.at()), StatUtils.mean(p.perBoot()), ci[0], ci[1]));
                ObjectNode o = pts.addObject().put("job", p.source().jobId()).put("side", p.source().side().name())
                        .put("commit", p.commit()).put("measured_at", p.at().toString())
                        .put("mean", StatUtils.mean(p.perBoot())).put("ci_low", ci[0]).put("ci_high", ci[1]);
                ArrayNode boots = o.putArray("boots");
                for (double v : p.perBoot()) {
                    boots.add(v);
                }
            }
            List<TrendChart.Mark> marks = new ArrayList<>();
            ArrayNode cps = s.putArray("change_points");
            for (int i = 0; i < c.changes().size(); i++) {
                ChangePoint cp = c.changes().get(i);
                marks.add(new TrendChart.Mark(Date.from(c.series().points().get(cp.index()).at()), c.labels().get(i)));
                cps.addObject().put("index", cp.index()).put("range", c.labels().get(i))
                        .put("change_pct", cp.changePct()).put("ci_low_pct", cp.ciLowPct())
                        .put("ci_high_pct", cp.ciHighPct()).put("p", cp.p());
            }
            TrendChart.write(dir, c.name(), c.series().label(), c.series().info().unit(), points, marks);
        }
        json.writeValue(dir.resolve("data.json").toFile(), data);
        Files.writeString(dir.resolve("index.html"), renderer.page(r.report()), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("mail.txt"), mail, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("summary.txt"), renderer.subject(r.report()), StandardCharsets.UTF_8);
        writeIndex(www);
        return dir;
    }

    /** The 95% t interval of a point's mean over its boots (the point itself when it has one boot). */
    private static double[] interval(double[] boots) {
        double m = StatUtils.mean(boots);
        if (boots.length < 2) {
            return new double[] {m, m};
        }
        double half = new TDistribution(boots.length - 1).inverseCumulativeProbability(0.975)
                * Math.sqrt(StatUtils.variance(boots) / boots.length);
        return new double[] {m - half, m + half};
    }

    private void writeIndex(Path www) throws IOException {
        List<Path> weeks = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(www, p -> Files.isRegularFile(p.resolve("summary.txt")))) {
            ds.forEach(weeks::add);
        }
        weeks.sort((a, b) -> b.getFileName().toString().compareTo(a.getFileName().toString()));
        List<Map<String, String>> rows = new ArrayList<>();
        for (Path w : weeks) {
            rows.add(Map.of("dir", w.getFileName().toString(), "week", w.getFileName().toString(),
                    "summary", Files.readString(w.resolve("summary.txt")).strip()));
        }
        Files.writeString(www.resolve("weeks.html"), renderer.index(rows), StandardCharsets.UTF_8);
    }
}
