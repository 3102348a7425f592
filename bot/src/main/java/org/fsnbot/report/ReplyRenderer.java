package org.fsnbot.report;

import io.pebbletemplates.pebble.PebbleEngine;
import io.pebbletemplates.pebble.loader.ClasspathLoader;
import io.pebbletemplates.pebble.template.PebbleTemplate;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.fsnbot.stats.Comparison;
import org.fsnbot.stats.MetricComparison;
import org.fsnbot.stats.Verdict;
import org.fsnbot.boot.BootStatus;
import org.fsnbot.build.ApplyResult;
import org.fsnbot.build.BuildResult;
import org.fsnbot.exec.LimitHit;
import org.fsnbot.run.BootRecord;
import org.fsnbot.run.Side;
import org.fsnbot.boot.BootOutcome;
import org.fsnbot.boot.HostPressure;
import org.fsnbot.plan.BaseReason;

/**
 * Renders reply bodies from templates/ (Pebble, plain text, no escaping),
 * then hard-wraps to 80 columns for the quoted tool output that may be
 * wider. Every word a reply says is in a template; Java computes values.
 */
public final class ReplyRenderer {

    private final PebbleEngine engine;

    public ReplyRenderer() {
        ClasspathLoader loader = new ClasspathLoader();
        loader.setPrefix("fsnbot/templates");
        loader.setSuffix(".peb");
        this.engine = new PebbleEngine.Builder().loader(loader).autoEscaping(false).newLineTrimming(false)
                .strictVariables(true).extension(new TextFilters()).build();
    }

    public String report(JobFacts facts, Measurement r) {
        Map<String, Object> m = base(facts);
        String ci = r.comparison().ciLabel();
        m.put("verdict", r.comparison().overall().text().toUpperCase(Locale.ROOT));
        m.put("headline", ResultTables.headline(r.comparison()));
        m.put("ci", ci);
        m.put("oneLevel", ResultTables.oneLevel(r.comparison()));
        m.put("tables", ResultTables.verdictTables(r.comparison(), r.noise(), true));
        m.put("folded", ResultTables.folded(r.comparison()));
        m.put("others", r.comparison().metrics().stream().filter(x -> !x.inVerdict())
                .map(x -> x.key().metric()).distinct().toList());
        m.put("budget", r.plan().maxBoots());
        m.put("looks", r.plan().looks());
        m.put("method", r.comparison().method());
        m.put("bootsPerKernel", r.bootsPerKernel());
        m.put("failedBoots", r.failedBoots());
        m.put("skipped", r.skipped());
        return render("report", m);
    }

    /**
     * The results file kept with a job: every verdict table unfolded and
     * the metrics outside the verdict, for whoever wants more than the
     * reply shows.
     */
    public String results(JobFacts facts, Measurement r) {
        String ci = r.comparison().ciLabel();
        Map<String, Object> m = base(facts);
        m.put("verdict", r.comparison().overall().text().toUpperCase(Locale.ROOT));
        m.put("ci", ci);
        m.put("oneLevel", ResultTables.oneLevel(r.comparison()));
        m.put("tables", ResultTables.verdictTables(r.comparison(), r.noise(), false));
        m.put("others", ResultTables.otherMetrics(r.comparison()));
        m.put("method", r.comparison().method());
        return render("results", m);
    }

    /** A bisection's mail (docs/bisect.md). */
    public String bisect(BisectReport r) {
        Map<String, Object> m = new HashMap<>();
        m.put("r", r);
        return render("bisect", m);
    }

    /** Its subject, 0-day's shape: what regressed by how much, due to which commit. */
    public String bisectSubject(BisectReport r) {
        Map<String, Object> m = new HashMap<>();
        m.put("r", r);
        return evaluate("bisect-subject", m).strip();
    }

    /**
     * A tree report's subject, LKP's shape: the revision, then the metric
     * that moved most in the direction of the verdict, by how much, and the
     * verdict ("... parent-modify-scale clients=1 avg_client_s +929.4%
     * regression (+1 more)"); a verdict alone when no metric carries it, and
     * how the job ended when it measured nothing (ending, in words).
     */
    public String treeSubject(String topic, Optional<Comparison> measured, String ending) {
        Map<String, Object> m = new HashMap<>();
        m.put("topic", topic);
        m.put("ending", ending);
        m.put("verdict", measured.map(c -> c.overall().text()).orElse(""));
        List<MetricComparison> carrying = measured.map(c -> c.verdictMetrics().stream()
                .filter(x -> x.verdict().orElseThrow() == c.overall() && (c.overall() == Verdict.REGRESSION
                        || c.overall() == Verdict.IMPROVEMENT))
                .sorted(java.util.Comparator.comparingDouble((MetricComparison x) -> -Math.abs(x.changePct())))
                .toList()).orElse(List.of());
        m.put("metric", "");
        m.put("change", "");
        if (!carrying.isEmpty()) {
            MetricComparison top = carrying.get(0);
            m.put("metric", top.key().workload() + " " + RowLabel.of(top.label(), top.key().variant()) + " "
                    + top.key().metric());
            m.put("change", Numbers.pct(top.changePct()));
        }
        m.put("more", Math.max(0, carrying.size() - 1));
        return evaluate("tree-subject", m).strip();
    }

    /** `fsnbot compare-runs`: bare-metal runs through the reply's statistics and tables, every table unfolded. */
    public String runs(RunsReport r) {
        Measurement x = r.measurement();
        String ci = x.comparison().ciLabel();
        Map<String, Object> m = new HashMap<>();
        m.put("r", r);
        m.put("verdict", x.comparison().overall().text().toUpperCase(Locale.ROOT));
        m.put("headline", ResultTables.headline(x.comparison()));
        m.put("ci", ci);
        m.put("oneLevel", ResultTables.oneLevel(x.comparison()));
        m.put("tables", ResultTables.verdictTables(x.comparison(), x.noise(), false));
        m.put("others", x.comparison().metrics().stream().filter(y -> !y.inVerdict())
                .map(y -> y.key().metric()).distinct().toList());
        m.put("method", x.comparison().method());
        m.put("skipped", x.skipped());
        return render("runs", m);
    }

    public String gateFailure(JobFacts facts, List<String> failures) {
        Map<String, Object> m = base(facts);
        m.put("failures", failures);
        return render("gate-failure", m);
    }

    public String doesNotApply(JobFacts facts, ApplyResult r) {
        Map<String, Object> m = base(facts);
        m.put("failedPatch", r.failedPatch().orElse("the series"));
        m.put("failedAt", r.failedAt().orElse(""));
        m.put("gitOutput", tail(r.gitOutput(), 30));
        return render("does-not-apply", m);
    }

    public String buildFailure(JobFacts facts, BuildResult r) {
        Map<String, Object> m = base(facts);
        m.put("label", r.label());
        m.put("commit", r.commit().substring(0, 12));
        m.put("errors", r.errorLines());
        m.put("limits", r.limitsHit().stream().map(h -> Map.<String, Object>of("kind",
                h.kind().name().toLowerCase(Locale.ROOT), "limit", h.kind() == LimitHit.Kind.PROCESSES
                        ? Long.toString(h.limit()) : (h.limit() >> 20) + " MiB", "count", h.count())).toList());
        return render("build-failure", m);
    }

    /** The last boot of a side that did not give samples: failed twice, or busy through every try. */
    public String infrastructureFailure(JobFacts facts, BootRecord last, boolean baseBooted) {
        BootOutcome o = last.outcome();
        Map<String, Object> m = base(facts);
        m.put("side", last.side() == Side.BASE ? "base" : "patched");
        m.put("busy", o.status() == BootStatus.BUSY);
        m.put("baseBooted", baseBooted);
        m.put("tries", last.attempt());
        m.put("status", o.status().name());
        m.put("bootId", o.bootId());
        m.put("seconds", String.format(Locale.ROOT, "%.0f", o.seconds()));
        m.put("evidence", o.evidence());
        m.put("pressure", pressure(last.pressure()));
        m.put("consoleLog", underJob(o.consoleLog(), facts.run().jobId()));
        m.put("consoleTail", tail(o.consoleTail(), 25));
        return render("infrastructure-failure", m);
    }

    /** Where a job's file is among the job's files (boots/base-1-try1.log), or its name where it is elsewhere. */
    static String underJob(Path file, long jobId) {
        for (Path dir = file.getParent(); dir != null && dir.getFileName() != null; dir = dir.getParent()) {
            if (dir.getFileName().toString().equals(Long.toString(jobId))) {
                return dir.relativize(file).toString();
            }
        }
        return file.getFileName() == null ? "" : file.getFileName().toString();
    }

    /** Why a job's base is its base, in the reply's words (templates/_base-reason.peb). */
    public String baseReason(BaseReason reason) {
        return evaluate("_base-reason", new HashMap<>(Map.of("reason", reason)));
    }

    /** A boot's CPU pressure as the templates word it (_pressure.peb): its shares, one decimal. */
    static Map<String, Object> pressure(HostPressure p) {
        return Map.of("measured", p.measured(), "pct", String.format(Locale.ROOT, "%.1f", p.pct()), "wait",
                String.format(Locale.ROOT, "%.1f", p.waitPct()), "steal", String.format(Locale.ROOT, "%.1f",
                        p.stealPct()));
    }

    /**
     * The answer to a mail's commands: an acknowledgement, or (when a line
     * could not be run) an error that quotes it and shows the help.
     */
    public String commandAnswer(CommandAnswer a) {
        List<Map<String, Object>> items = new ArrayList<>();
        for (CommandAnswer.Item i : a.items()) {
            String body = evaluate("command/" + i.template(), new HashMap<>(i.values())).replaceAll("\n+$", "");
            items.add(Map.of("line", i.line(), "body", body));
        }
        Map<String, Object> m = new HashMap<>();
        m.put("items", items);
        m.put("withHelp", a.withHelp());
        return render(a.hasErrors() ? "command-error" : "command-ack", m);
    }

    private static List<String> tail(List<String> lines, int n) {
        return lines.subList(Math.max(0, lines.size() - n), lines.size());
    }

    private static Map<String, Object> base(JobFacts f) {
        Map<String, Object> m = new HashMap<>();
        m.put("f", f);
        m.put("tcg", f.emulated());
        return m;
    }

    private String render(String name, Map<String, Object> model) {
        return Wrap.hard(evaluate(name, model));
    }

    /** Templates ship inside fsnbot and write to memory: a failure here is a bug, not bad input. */
    private String evaluate(String name, Map<String, Object> model) {
        PebbleTemplate t = engine.getTemplate(name);
        StringWriter w = new StringWriter();
        try {
            t.evaluate(w, model);
        } catch (IOException e) {
            throw new UncheckedIOException("template " + name, e);
        }
        return w.toString();
    }
}
