package org.fsnbot.pages;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Objects;

/**
 * One page of the site: its kind (the template), where it lives under the
 * site's root, what the template shows, and the same data as JSON (what
 * docs/pages.schema.json describes; a job's is its result.json).
 */
public record Page(String kind, String path, Map<String, Object> model, ObjectNode json) {

    public Page {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(model);
        Objects.requireNonNull(json);
        if (!path.matches("[a-z0-9/_.-]+\\.html") || path.contains("..") || path.startsWith("/")) {
            throw new IllegalArgumentException("a page's path is a plain relative .html path: " + path);
        }
        model = Map.copyOf(model);
    }

    /** Where its JSON twin lives beside it (jobs/N/index.html has result.json). */
    public String jsonPath() {
        return kind.equals("job") ? path.replace("index.html", "result.json") : path.replace(".html", ".json");
    }
}
