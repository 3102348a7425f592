package org.fsnbot.job;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import org.fsnbot.report.JobFacts;
import org.fsnbot.report.ReplyRenderer;
import org.fsnbot.stats.MetricComparison;

/**
 * A job's result as JSON, for CI scripts (`--json FILE`) and the job's
 * kept result.json: the outcome and its exit code, the facts a reply
 * states, and every metric with both sides, the change, its interval and
 * the verdict. docs/result.schema.json is its schema (version 1); a test
 * validates real output against it.
 */
public final class ResultDocument {

    public static final String SCHEMA = "fsnbot-result/1";

    private final ObjectMapper json;
    private final ReplyRenderer words;

    /** words: the reply's words for the facts a reader reads as text (the base's reason). */
    public ResultDocument(ObjectMapper json, ReplyRenderer words) {
        this.json = json;
        this.words = words;
    }

    public ObjectNode of(JobFacts facts, Finding finding) {
        ObjectNode root = json.createObjectNode();
        root.put("schema", SCHEMA);
        root.put("job", facts.run().jobId());
        root.put("outcome", finding.outcome().word());
        root.put("exitCode", finding.outcome().exitCode());
        root.put("reply", finding.kind().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        root.put("detail", finding.detail());
        if (finding.verdict().isPresent()) {
            root.put("verdict", finding.verdict().get().text());
        } else {
            root.putNull("verdict");
        }
        root.set("facts", facts(facts));
        root.putObject("versions").put("fsnbot", facts.run().versions().fsnbot())
                .put("workloads", facts.run().versions().workloads());
        ArrayNode metrics = root.putArray("metrics");
        if (finding instanceof Finding.Report r) {
            root.put("ciLevel", r.measurement().comparison().ciLabel());
            root.put("method", r.measurement().comparison().method());
            root.put("bootsPerKernel", r.measurement().bootsPerKernel());
            r.measurement().comparison().metrics().forEach(m -> metrics.add(metric(m)));
        }
        ArrayNode reproduce = root.putArray("reproduce");
        facts.reproduce().forEach(reproduce::add);
        return root;
    }

    private ObjectNode facts(JobFacts f) {
        ObjectNode n = json.createObjectNode();
        n.put("subject", f.topic().subject());
        n.put("messageId", f.topic().messageId());
        n.put("lore", f.topic().loreLink());
        n.put("tree", f.kernels().tree());
        n.put("base", f.kernels().base());
        n.put("baseReason", words.baseReason(f.kernels().baseReason()));
        n.put("patched", f.kernels().patched() == null ? "" : f.kernels().patched());
        n.put("compiler", f.kernels().compiler());
        n.put("config", f.kernels().config());
        n.put("runner", f.runner().host());
        n.put("qemu", f.runner().qemu());
        n.put("guestKernel", f.runner().guestKernel());
        n.put("topology", f.runner().guest().topology());
        if (!f.runner().guest().mapping().isEmpty()) {
            ObjectNode numa = n.putObject("numa");
            f.runner().guest().mapping().forEach(numa.putArray("mapping")::add);
            f.runner().guest().notes().forEach(numa.putArray("notes")::add);
            numa.put("verified", f.runner().guest().verified());
            numa.put("check", f.runner().guest().check());
        }
        n.put("accelerator", f.runner().instrument().accelerator());
        n.put("acceleratorReason", f.runner().instrument().reason());
        // Which clock the figures count: under "instructions" a unit "insns" is a count, never nanoseconds.
        n.put("clock", f.runner().instrument().clock());
        n.put("emulated", f.emulated());
        n.put("profile", f.profile().name());
        n.put("sandbox", f.confinement().description());
        n.put("wallTime", f.run().wallTime());
        return n;
    }

    private ObjectNode metric(MetricComparison m) {
        ObjectNode n = json.createObjectNode();
        n.put("workload", m.key().workload());
        n.put("row", m.key().variant());
        n.put("label", m.label());
        n.put("metric", m.key().metric());
        n.put("unit", m.unit());
        n.put("lowerIsBetter", m.lowerIsBetter());
        n.put("inVerdict", m.inVerdict());
        if (m.verdict().isPresent()) {
            n.put("verdict", m.verdict().get().text());
        } else {
            n.putNull("verdict");
        }
        n.put("why", m.why());
        n.set("base", side(m.base()));
        n.set("patched", side(m.patched()));
        number(n, "changePct", m.changePct());
        number(n, "ciLowPct", m.change().ciLowPct());
        number(n, "ciHighPct", m.change().ciHighPct());
        n.put("ciLevel", m.change().ciLabel());
        number(n, "p", m.change().pValue());
        return n;
    }

    private ObjectNode side(MetricComparison.SideSummary s) {
        ObjectNode n = json.createObjectNode();
        n.put("n", s.n());
        number(n, "mean", s.mean());
        number(n, "sd", s.sd());
        return n;
    }

    /** JSON has no NaN or infinity: an unbounded interval end is null. */
    private static void number(ObjectNode n, String name, double v) {
        if (Double.isFinite(v)) {
            n.put(name, v);
        } else {
            n.putNull(name);
        }
    }
}
