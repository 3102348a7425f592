package org.fsnbot.export;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.fsnbot.store.JobRecord;

/**
 * A job in KernelCI's KCIDB I/O format, schema v5.3 (kcidb-io's
 * kcidb_io/schema/v05_03.py), so its results can be submitted to KCIDB:
 * two checkouts (the base, and the base with the patches or the other
 * revision), their builds, and one test per verdict metric with the change
 * as its number. The mapping (docs/cli.md, "KCIDB") and a test against the
 * v5.3 requirements (KcidbExportTest) keep it honest. Written here: kcidb-io
 * is Python and not on Maven Central, and the format is plain JSON.
 */
public final class KcidbExport {

    public static final int MAJOR = 5;
    public static final int MINOR = 3;

    /** What KCIDB allows in a test path segment: fsnbot's row names carry spaces. */
    private static final Pattern NOT_PATH = Pattern.compile("[^a-zA-Z0-9_-]+");

    private final ObjectMapper json;
    private final String origin;

    public KcidbExport(ObjectMapper json, String origin) {
        if (!origin.matches("[a-z0-9_]+")) {
            throw new IllegalArgumentException("a KCIDB origin is [a-z0-9_]+: " + origin);
        }
        this.json = json;
        this.origin = origin;
    }

    /** The job without links to its files (they are not published). */
    public ObjectNode export(JobRecord r) {
        return export(r, Optional.empty());
    }

    /**
     * The job; files: where its kept files are published (publicUrl's
     * jobs/N/), so the patched checkout can link the patch files applied.
     */
    public ObjectNode export(JobRecord r, Optional<String> files) {
        ObjectNode root = json.createObjectNode();
        root.putObject("version").put("major", MAJOR).put("minor", MINOR);
        JobRecord.Head h = r.head();
        ArrayNode checkouts = root.putArray("checkouts");
        checkouts.add(checkout(h, r.provenance(), "base", h.baseCommit(), "", true));
        boolean series = h.series().isPresent();
        ObjectNode patched = checkout(h, r.provenance(), "patched", series ? h.baseCommit() : h.patchedCommit(),
                series ? r.provenance().patchsetHash() : "", !h.times().outcome().equals("DOES_NOT_APPLY"));
        if (series && files.isPresent() && !r.provenance().patchsetHash().isEmpty()) {
            ArrayNode list = patched.putArray("patchset_files");
            for (int i = 1; i <= h.series().get().patches(); i++) {
                String name = String.format(Locale.ROOT, "%04d.patch", i);
                list.addObject().put("name", name).put("url", files.get() + "patches/" + name);
            }
        }
        checkouts.add(patched);
        ArrayNode builds = root.putArray("builds");
        for (JobRecord.Build b : r.builds()) {
            builds.add(build(h, b));
        }
        ArrayNode tests = root.putArray("tests");
        String patchedBuild = id(h, "build-patched");
        for (JobRecord.Verdict v : r.verdicts()) {
            tests.add(test(h, patchedBuild, v, r.provenance()));
        }
        outcomeTest(h, patchedBuild).ifPresent(tests::add);
        return root;
    }

    private String id(JobRecord.Head h, String what) {
        return origin + ":job-" + h.id() + "-" + what;
    }

    /**
     * A checkout: the commit checked out and the patches applied on top
     * (patchset_hash, '' for none), as KCIDB tells a patched checkout from
     * its base. A base named by a branch or tag is kept in misc: the field
     * for a branch would be a guess (a tag is not one, HEAD names none).
     */
    private ObjectNode checkout(JobRecord.Head h, JobRecord.Provenance p, String side, String commit,
            String patchsetHash, boolean valid) {
        ObjectNode c = json.createObjectNode();
        c.put("id", id(h, "checkout-" + side));
        c.put("origin", origin);
        if (h.tree().startsWith("https://")) {
            c.put("git_repository_url", h.tree());
        }
        if (commit.matches("[0-9a-f]{40}")) {
            c.put("git_commit_hash", commit);
            c.put("patchset_hash", patchsetHash);
        }
        c.put("start_time", h.times().created().toString());
        c.put("valid", valid);
        ObjectNode misc = c.putObject("misc");
        misc.put("tree", h.tree());
        misc.put("base_rev", h.baseRev());
        if (!p.fsnbotVersion().isEmpty()) {
            misc.put("fsnbot_version", p.fsnbotVersion());
            misc.put("workloads_version", p.workloadsVersion());
        }
        if (side.equals("patched") && h.series().isPresent()) {
            JobRecord.Series s = h.series().get();
            c.put("message_id", s.messageId().replaceAll("^<|>$", ""));
            c.put("comment", s.subject());
            misc.put("patches", s.patches());
            if (h.patchedCommit().matches("[0-9a-f]{40}")) {
                misc.put("patched_commit", h.patchedCommit());
            }
        }
        return c;
    }

    private ObjectNode build(JobRecord.Head h, JobRecord.Build b) {
        ObjectNode n = json.createObjectNode();
        n.put("checkout_id", id(h, "checkout-" + (b.label().equals("patched") ? "patched" : "base")));
        n.put("id", id(h, "build-" + b.label()));
        n.put("origin", origin);
        n.put("architecture", "x86_64");
        n.put("config_name", "tinyconfig+fsnotify");
        n.put("duration", b.seconds());
        n.put("status", b.ok() ? "PASS" : "FAIL");
        if (!b.errorLines().isEmpty()) {
            n.put("log_excerpt", String.join("\n", b.errorLines()));
        }
        n.putObject("misc").put("objects_compiled", b.objectsCompiled());
        return n;
    }

    /**
     * A verdict metric as a test: FAIL for a regression, PASS for an
     * improvement or no change, DONE ("completed, produced a measurement,
     * no status") for inconclusive; its number is the change in percent.
     */
    private ObjectNode test(JobRecord.Head h, String buildId, JobRecord.Verdict v, JobRecord.Provenance p) {
        String path = "fsnbot." + segment(v.workload()) + "." + segment(v.variant()) + "." + segment(v.metric());
        ObjectNode t = json.createObjectNode();
        t.put("build_id", buildId);
        t.put("id", id(h, path));
        t.put("origin", origin);
        t.put("path", path);
        t.put("status", switch (v.verdict()) {
            case "REGRESSION" -> "FAIL";
            case "IMPROVEMENT", "NO_SIGNIFICANT_CHANGE" -> "PASS";
            default -> "DONE";
        });
        t.putObject("number").put("value", v.change().pct()).put("unit", "%");
        t.putObject("environment").put("comment", "QEMU guest on fsnbot, accelerator "
                + (h.times().accelerator().isEmpty() ? "unknown" : h.times().accelerator()) + ", clock "
                + h.times().clock());
        ObjectNode misc = t.putObject("misc");
        // Under "instructions" the means count instructions (QEMU icount), not nanoseconds.
        misc.put("clock", h.times().clock());
        misc.put("verdict", v.verdict().toLowerCase(Locale.ROOT));
        misc.put("base_mean", v.meanBase());
        misc.put("patched_mean", v.meanPatched());
        misc.put("boots_base", v.change().nBase());
        misc.put("boots_patched", v.change().nPatched());
        misc.put("p", v.change().p());
        if (!p.fsnbotVersion().isEmpty()) {
            misc.put("fsnbot_version", p.fsnbotVersion());
            misc.put("workloads_version", p.workloadsVersion());
        }
        if (v.change().ciLowPct() != null) {
            misc.put("ci_low_pct", v.change().ciLowPct());
        }
        if (v.change().ciHighPct() != null) {
            misc.put("ci_high_pct", v.change().ciHighPct());
        }
        return t;
    }

    /**
     * A job that ended without measuring still says why, as the root test
     * of the patched build: MISS when our harness failed (no verdict on the
     * code), FAIL when a kernel lost events.
     */
    private Optional<ObjectNode> outcomeTest(JobRecord.Head h, String buildId) {
        String status = switch (h.times().outcome()) {
            case "INFRASTRUCTURE_FAILURE", "ERROR" -> "MISS";
            case "GATE_FAILURE" -> "FAIL";
            default -> "";
        };
        if (status.isEmpty()) {
            return Optional.empty();
        }
        ObjectNode t = json.createObjectNode();
        t.put("build_id", buildId);
        t.put("id", id(h, "fsnbot"));
        t.put("origin", origin);
        t.put("path", "fsnbot");
        t.put("status", status);
        t.put("comment", h.times().outcome().toLowerCase(Locale.ROOT).replace('_', ' '));
        return Optional.of(t);
    }

    private static String segment(String s) {
        String x = NOT_PATH.matcher(s.trim()).replaceAll("_");
        return x.isEmpty() ? "_" : x;
    }
}
