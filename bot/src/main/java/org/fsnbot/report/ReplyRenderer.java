package org.fsnbot.report;

import io.pebbletemplates.pebble.PebbleEngine;
import io.pebbletemplates.pebble.loader.ClasspathLoader;
import io.pebbletemplates.pebble.template.PebbleTemplate;
import java.io.IOException;
import java.io.StringWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fsnbot.build.ApplyResult;
import org.fsnbot.build.BuildResult;
import org.fsnbot.stats.AdaptiveSampling;
import org.fsnbot.stats.Comparison;
import org.fsnbot.store.Store;
import org.fsnbot.vm.BootOutcome;

/**
 * Renders reply bodies from templates/ (Pebble, plain text, no escaping),
 * then hard-wraps to 80 columns for the quoted tool output that may be
 * wider.
 */
public final class ReplyRenderer {

    private final PebbleEngine engine;

    public ReplyRenderer() {
        ClasspathLoader loader = new ClasspathLoader();
        loader.setPrefix("fsnbot/templates");
        loader.setSuffix(".peb");
        this.engine = new PebbleEngine.Builder().loader(loader).autoEscaping(false).newLineTrimming(false)
                .strictVariables(true).build();
    }

    public String report(JobFacts facts, Comparison c, int bootsPerKernel, AdaptiveSampling plan, int failedBoots,
            List<String> skipped, List<Store.Noise> noise) throws IOException {
        Map<String, Object> m = base(facts);
        String ci = ResultTables.ciLabel(plan.lookAlpha());
        m.put("verdict", c.overall().text().toUpperCase(java.util.Locale.ROOT));
        m.put("decisive", ResultTables.decisive(c));
        m.put("ci", ci);
        m.put("tables", ResultTables.verdictTables(c, ci, noise));
        m.put("budget", plan.maxBoots());
        m.put("looks", plan.looks());
        m.put("others", ResultTables.otherMetrics(c));
        m.put("method", c.method());
        m.put("bootsPerKernel", bootsPerKernel);
        m.put("failedBoots", failedBoots);
        m.put("skipped", skipped);
        return render("report", m);
    }

    public String gateFailure(JobFacts facts, List<String> failures) throws IOException {
        Map<String, Object> m = base(facts);
        m.put("failures", failures);
        return render("gate-failure", m);
    }

    public String doesNotApply(JobFacts facts, ApplyResult r) throws IOException {
        Map<String, Object> m = base(facts);
        m.put("failedPatch", r.failedPatch().orElse("the series"));
        m.put("failedAt", r.failedAt().orElse("(git did not name a file)"));
        m.put("gitOutput", tail(r.gitOutput(), 30));
        return render("does-not-apply", m);
    }

    public String buildFailure(JobFacts facts, BuildResult r) throws IOException {
        Map<String, Object> m = base(facts);
        m.put("label", r.label());
        m.put("commit", r.commit().substring(0, 12));
        m.put("errors", r.errorLines());
        return render("build-failure", m);
    }

    public String infrastructureFailure(JobFacts facts, BootOutcome o, String what) throws IOException {
        Map<String, Object> m = base(facts);
        m.put("what", what);
        m.put("detail", o.detail());
        m.put("consoleTail", tail(o.consoleTail(), 25));
        return render("infrastructure-failure", m);
    }

    private static List<String> tail(List<String> lines, int n) {
        return lines.subList(Math.max(0, lines.size() - n), lines.size());
    }

    private static Map<String, Object> base(JobFacts f) {
        Map<String, Object> m = new HashMap<>();
        m.put("f", f);
        m.put("tcg", f.accelerator().startsWith("TCG"));
        return m;
    }

    /**
     * The answer to a mail's commands: an acknowledgement, or (when a line
     * could not be run) an error that quotes it and shows the help.
     */
    public String commandAnswer(CommandAnswer a, boolean helpAsked) throws IOException {
        Map<String, Object> m = new HashMap<>();
        List<Map<String, Object>> items = new java.util.ArrayList<>();
        for (CommandAnswer.Item i : a.items()) {
            items.add(Map.of("line", i.line(), "outcome", i.outcome().name(), "text", i.text()));
        }
        m.put("items", items);
        m.put("withHelp", helpAsked);
        return render(a.hasErrors() ? "command-error" : "command-ack", m);
    }

    private String render(String name, Map<String, Object> model) throws IOException {
        PebbleTemplate t = engine.getTemplate(name);
        StringWriter w = new StringWriter();
        t.evaluate(w, model);
        return Wrap.hard(w.toString());
    }
}
