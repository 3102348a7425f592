package org.fsnbot.intake;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * A public-inbox manifest.js.gz (the grokmirror format lore serves): the
 * epochs of an inbox, each with a fingerprint that changes when its refs
 * do, so unchanged epochs are skipped without a git round trip.
 */
public record InboxManifest(Map<Integer, Epoch> epochs) {

    /** One epoch: its path on the server (e.g. /linux-fsdevel/git/0.git) and fingerprint. */
    public record Epoch(int number, String path, String fingerprint) {
    }

    private static final Pattern EPOCH_PATH = Pattern.compile(".*/git/(\\d+)\\.git$");

    public InboxManifest {
        epochs = Map.copyOf(new TreeMap<>(epochs));
    }

    /** Parses the gzipped JSON; keys that are not v2 epochs (v1 inboxes, other repos) are ignored. */
    public static InboxManifest parse(byte[] gz, ObjectMapper json) throws IOException {
        JsonNode root;
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
            root = json.readTree(in);
        }
        if (root == null || !root.isObject()) {
            throw new IOException("manifest is not a JSON object");
        }
        Map<Integer, Epoch> out = new TreeMap<>();
        for (Map.Entry<String, JsonNode> e : root.properties()) {
            Matcher m = EPOCH_PATH.matcher(e.getKey());
            if (m.matches()) {
                int n = Integer.parseInt(m.group(1));
                out.put(n, new Epoch(n, e.getKey(), e.getValue().path("fingerprint").asText("")));
            }
        }
        return new InboxManifest(out);
    }
}
