package org.fsnbot.report;

import io.pebbletemplates.pebble.PebbleEngine;
import io.pebbletemplates.pebble.loader.ClasspathLoader;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fsnbot.stats.ChangePointDetector;

/**
 * Renders the weekly trend report: the mail (templates/weekly.peb, plain
 * text, 80 columns) and its web page (templates/weekly-html.peb, escaped
 * HTML), from the same WeeklyReport, and the index of every week's page.
 */
public final class WeeklyRenderer {

    private final PebbleEngine text;
    private final PebbleEngine html;

    public WeeklyRenderer() {
        this.text = engine(false);
        this.html = engine(true);
    }

    private static PebbleEngine engine(boolean escape) {
        ClasspathLoader loader = new ClasspathLoader();
        loader.setPrefix("fsnbot/templates");
        loader.setSuffix(".peb");
        return new PebbleEngine.Builder().loader(loader).autoEscaping(escape).newLineTrimming(false)
                .strictVariables(true).extension(new TextFilters()).build();
    }

    public String subject(WeeklyReport r) {
        return render(text, "weekly-subject", Map.of("r", r)).strip();
    }

    public String mail(WeeklyReport r) {
        return Wrap.hard(render(text, "weekly", model(r)));
    }

    public String page(WeeklyReport r) {
        return render(html, "weekly-html", model(r));
    }

    /** The index: newest week first, each week's link and its one-line summary. */
    public String index(List<Map<String, String>> weeks) {
        return render(html, "weekly-index", Map.of("weeks", weeks));
    }

    private static Map<String, Object> model(WeeklyReport r) {
        long regressions = r.changes().stream().filter(c -> c.direction().equals("regression")).count();
        // A series whose change is shown keeps one chart, there: the headline section names it without
        // drawing it again.
        List<String> shown = r.changes().stream().map(WeeklyReport.ChangeFinding::chart).toList();
        return Map.of("r", r, "regressions", regressions, "improvements", r.changes().size() - regressions,
                "level", Math.round(ChangePointDetector.REPORT_ALPHA * 100) + "%",
                "seriesLevel", String.format(Locale.ROOT, "%.1f%%", ChangePointDetector.SERIES_WEEK_ALPHA * 100),
                "minPoints", ChangePointDetector.MIN_POINTS, "shown", shown);
    }

    private static String render(PebbleEngine engine, String name, Map<String, Object> model) {
        StringWriter w = new StringWriter();
        try {
            engine.getTemplate(name).evaluate(w, model);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }
}
