package org.fsnbot.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * What `fsnbot bench --host --out FILE` writes and `fsnbot compare-runs`
 * reads: a header line (schema fsnbot-run/1: the profile it ran, whole,
 * the version of the workload sources, the kernel and host, how many
 * passes, and which run it is: Origin, absent from older files), then
 * each pass's JSON lines after a {"type":"pass"} line. A pass is one boot
 * to the statistics: its repetitions share the boot's machine state.
 */
public record RunFile(Header header, List<List<String>> passes) {

    public static final String SCHEMA = "fsnbot-run/1";

    /** Who made the run: the profile (its JSON and hash), the workloads' source hash, the kernel and host, and which run. */
    public record Header(String profileJson, String profileHash, String workloads, String kernel, String host,
            String inject, Origin origin) {
        public Header {
            Objects.requireNonNull(inject);
            Objects.requireNonNull(profileJson);
            Objects.requireNonNull(profileHash);
            Objects.requireNonNull(workloads);
            Objects.requireNonNull(kernel);
            Objects.requireNonNull(host);
            Objects.requireNonNull(origin);
        }

        /** A header for a run of profileJson with the workloads built from sources of that hash. */
        public static Header of(String profileJson, String workloads, String kernel, String host, String inject,
                Origin origin) {
            return new Header(profileJson, sha256(profileJson), workloads, kernel, host, inject, origin);
        }

        /** The same run said to be another one: what a person does who makes runs from a template. */
        public Header withOrigin(Origin other) {
            return new Header(profileJson, profileHash, workloads, kernel, host, inject, other);
        }
    }

    /**
     * Which run a file is: an id drawn when `bench --host` started, the
     * host's boot id then, and when. Two files of one id are one run
     * however their numbers differ (a copy, an edited copy), and its
     * passes are independent of every other run's; a file without one
     * (made before fsnbot wrote them) is of unknown provenance.
     */
    public record Origin(String run, String bootId, String started) {

        public static final Origin UNKNOWN = new Origin("", "", "");

        public Origin {
            Objects.requireNonNull(run);
            Objects.requireNonNull(bootId);
            Objects.requireNonNull(started);
        }

        public boolean known() {
            return !run.isEmpty();
        }
    }

    public RunFile {
        Objects.requireNonNull(header);
        passes = passes.stream().map(List::copyOf).toList();
    }

    /** The header line, then each pass's lines after its marker. */
    public List<String> lines(ObjectMapper json) throws IOException {
        ObjectNode h = json.createObjectNode().put("type", "run").put("schema", SCHEMA);
        h.set("profile", json.readTree(header.profileJson()));
        h.put("profile_sha256", header.profileHash()).put("workloads", header.workloads())
                .put("kernel", header.kernel()).put("host", header.host()).put("inject", header.inject())
                .put("passes", passes.size());
        if (header.origin().known()) {
            h.put("run", header.origin().run()).put("boot_id", header.origin().bootId())
                    .put("started", header.origin().started());
        }
        List<String> out = new ArrayList<>();
        out.add(h.toString());
        for (int i = 0; i < passes.size(); i++) {
            out.add("{\"type\":\"pass\",\"pass\":" + (i + 1) + "}");
            out.addAll(passes.get(i));
        }
        return out;
    }

    /** Reads a run file; IOException naming the file when it is not one. */
    public static RunFile read(Path file, ObjectMapper json) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty()) {
            throw new IOException(file + ": empty, not a `fsnbot bench --host --out` file");
        }
        JsonNode h;
        try {
            h = json.readTree(lines.get(0));
        } catch (IOException e) {
            throw new IOException(file + ": its first line is not JSON");
        }
        if (!h.path("type").asText().equals("run") || !h.path("schema").asText().equals(SCHEMA)) {
            throw new IOException(file + ": no " + SCHEMA + " header line (made by an older fsnbot, or not by"
                    + " `fsnbot bench --host --out`)");
        }
        String profile = h.path("profile").toString();
        Header header = new Header(profile, h.path("profile_sha256").asText(), h.path("workloads").asText(),
                h.path("kernel").asText(), h.path("host").asText(), h.path("inject").asText(""),
                new Origin(h.path("run").asText(""), h.path("boot_id").asText(""), h.path("started").asText("")));
        if (!header.profileHash().equals(sha256(profile))) {
            throw new IOException(file + ": its profile does not match its own hash (edited?)");
        }
        List<List<String>> passes = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            if (isPassMarker(file, i + 1, line, json)) {
                passes.add(new ArrayList<>());
            } else if (passes.isEmpty()) {
                throw new IOException(file + ": result lines before the first pass line");
            } else {
                passes.get(passes.size() - 1).add(line);
            }
        }
        if (passes.isEmpty()) {
            throw new IOException(file + ": no pass in it");
        }
        return new RunFile(header, passes);
    }

    /** A marker is known by its parsed type, not its spelling: any JSON writer's spacing is a run file. */
    private static boolean isPassMarker(Path file, int number, String line, ObjectMapper json) throws IOException {
        try {
            return json.readTree(line).path("type").asText().equals("pass");
        } catch (IOException e) {
            throw new IOException(file + ", line " + number + ": not JSON");
        }
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8))).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
