package org.fsnbot.pages;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.fsnbot.report.Numbers;

/**
 * A job's page from its own directory: its result.json (the page's data,
 * so the page shows no figure the JSON lacks), the verdict tables, facts
 * and versions it holds, and links to the files the job keeps.
 */
final class JobPageModel {

    /** The files a job keeps that its page links, with what each is. */
    private static final List<String[]> FILES = List.of(
            new String[] {"result.json", "every figure of the reply, as JSON (docs/result.schema.json)"},
            new String[] {"results.txt", "every table unfolded, and the metrics outside the verdict"},
            new String[] {"config", "the kernel's .config"},
            new String[] {"base.bzImage", "the base kernel as it booted"},
            new String[] {"patched.bzImage", "the patched kernel as it booted"},
            new String[] {"initramfs.cpio.gz", "busybox, the workloads, the init and the profile's lines"},
            new String[] {"block-ext4.img", "the ext4 image the block workloads ran on"},
            new String[] {"profile.json", "the profile as run"},
            new String[] {"reproduce.sh", "boots the same kernels again from these files (QEMU only)"},
            new String[] {"SHA256SUMS", "the sums of every file here"});


    private JobPageModel() {
    }

    /** The page, with the common parts given; empty when the job has no result.json. */
    static Optional<Page> of(ObjectMapper json, long id, Path dir, String seriesPage, Map<String, Object> common)
            throws IOException {
        Path result = dir.resolve("result.json");
        if (!Files.isRegularFile(result)) {
            return Optional.empty();
        }
        JsonNode r = json.readTree(result.toFile());
        JsonNode f = r.path("facts");
        Map<String, Object> m = new LinkedHashMap<>(common);
        m.put("job", id);
        m.put("verdict", r.path("verdict").isTextual() ? r.path("verdict").asText() : "");
        m.put("reply", r.path("reply").asText());
        m.put("detail", r.path("detail").asText());
        m.put("subject", f.path("subject").asText());
        m.put("lore", f.path("lore").asText());
        m.put("seriesPage", seriesPage);
        m.put("emulated", f.path("emulated").asBoolean());
        m.put("clock", f.path("clock").asText());
        m.put("tables", tables(r.path("metrics")));
        List<String> others = new ArrayList<>();
        for (JsonNode x : r.path("metrics")) {
            if (!x.path("inVerdict").asBoolean() && !others.contains(x.path("metric").asText())) {
                others.add(x.path("metric").asText());
            }
        }
        m.put("others", others);
        m.put("facts", facts(f, r.path("versions")));
        m.put("files", files(dir));
        m.put("sums", Files.isRegularFile(dir.resolve("SHA256SUMS")));
        m.put("script", Files.isRegularFile(dir.resolve("reproduce.sh")));
        m.put("boots", boots(dir.resolve("boots")));
        List<String> reproduce = new ArrayList<>();
        if (Files.isRegularFile(dir.resolve("reproduce.sh"))) {
            reproduce.add("sh reproduce.sh   # in this job's files: the same boots with QEMU alone");
        }
        r.path("reproduce").forEach(x -> reproduce.add(x.asText()));
        m.put("reproduce", reproduce);
        return Optional.of(new Page("job", "jobs/" + id + "/index.html", m, (ObjectNode) r));
    }

    private static List<Map<String, Object>> tables(JsonNode metrics) {
        Map<String, Map<String, Object>> byTable = new LinkedHashMap<>();
        for (JsonNode x : metrics) {
            if (!x.path("inVerdict").asBoolean()) {
                continue;
            }
            String key = x.path("workload").asText() + "\u0000" + x.path("metric").asText();
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> rows = (List<Map<String, Object>>) byTable.computeIfAbsent(key, k -> {
                Map<String, Object> t = new LinkedHashMap<>();
                t.put("workload", x.path("workload").asText());
                t.put("metric", x.path("metric").asText());
                t.put("unit", x.path("unit").asText());
                t.put("lowerIsBetter", x.path("lowerIsBetter").asBoolean());
                t.put("label", x.path("label").asText().toLowerCase(Locale.ROOT));
                t.put("level", x.path("ciLevel").asText());
                t.put("rows", new ArrayList<Map<String, Object>>());
                return t;
            }).get("rows");
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("row", x.path("row").asText());
            row.put("base", number(x.at("/base/mean"), Numbers::value));
            row.put("patched", number(x.at("/patched/mean"), Numbers::value));
            row.put("change", number(x.path("changePct"), Numbers::pct));
            row.put("ci", x.path("ciLowPct").isNumber() && x.path("ciHighPct").isNumber()
                    ? Numbers.interval(x.path("ciLowPct").asDouble(), x.path("ciHighPct").asDouble()) : "unknown");
            row.put("verdict", x.path("verdict").asText());
            row.put("why", x.path("why").asText());
            row.put("n", x.at("/base/n").asInt() + "/" + x.at("/patched/n").asInt());
            rows.add(row);
        }
        return new ArrayList<>(byTable.values());
    }

    private static String number(JsonNode n, java.util.function.DoubleFunction<String> format) {
        return n.isNumber() ? format.apply(n.asDouble()) : "unknown";
    }

    private static List<Map<String, String>> facts(JsonNode f, JsonNode versions) {
        List<Map<String, String>> out = new ArrayList<>();
        String[][] shown = {{"patched", "commit"}, {"base", "base"}, {"baseReason", "why that base"}, {"tree", "tree"},
            {"compiler", "compiler"}, {"config", "config"}, {"runner", "runner"}, {"qemu", "qemu"},
            {"guestKernel", "guest"}, {"topology", "topology"}, {"accelerator", "accel"},
            {"acceleratorReason", "why"}, {"clock", "clock"}, {"profile", "profile"}, {"sandbox", "sandbox"},
            {"wallTime", "wall time"}};
        for (String[] s : shown) {
            String v = f.path(s[0]).asText();
            if (!v.isEmpty()) {
                out.add(Map.of("label", s[1], "value", v));
            }
        }
        if (versions.isObject()) {
            out.add(Map.of("label", "fsnbot", "value", versions.path("fsnbot").asText() + ", workloads "
                    + versions.path("workloads").asText()));
        }
        return out;
    }

    private static List<Map<String, String>> files(Path dir) throws IOException {
        List<Map<String, String>> out = new ArrayList<>();
        for (String[] f : FILES) {
            if (Files.isRegularFile(dir.resolve(f[0]))) {
                out.add(Map.of("name", f[0], "href", f[0], "note", f[1]));
            }
        }
        Path patches = dir.resolve("patches");
        if (Files.isDirectory(patches)) {
            try (Stream<Path> s = Files.list(patches)) {
                for (Path p : s.sorted().toList()) {
                    out.add(Map.of("name", "patches/" + p.getFileName(), "href", "patches/" + p.getFileName(),
                            "note", "a patch as it was applied"));
                }
            }
        }
        return out;
    }

    private static List<Map<String, String>> boots(Path dir) throws IOException {
        List<Map<String, String>> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        List<String> ids = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.sorted().toList()) {
                String name = p.getFileName().toString();
                if (name.matches("[A-Za-z0-9._-]+\\.console\\.log")) {
                    ids.add(name.substring(0, name.length() - ".console.log".length()));
                }
            }
        }
        for (String id : ids) {
            out.add(Map.of("id", id, "console", "boots/" + id + ".console.log",
                    "results", Files.isRegularFile(dir.resolve(id + ".results.log")) ? "boots/" + id + ".results.log"
                            : "",
                    "qemu", Files.isRegularFile(dir.resolve(id + ".qemu")) ? "boots/" + id + ".qemu" : ""));
        }
        return out;
    }
}
