package org.fsnbot.plan;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A named run budget and workload list, kept as data (JSON under
 * workloads/profiles/) so changing what "quick" means is not a code change.
 * bootsPerKernel boots run always; up to maxBootsPerKernel while a verdict
 * metric stays inconclusive.
 */
public record Profile(String name, String description, int bootsPerKernel, int maxBootsPerKernel,
        int bootTimeoutSeconds, List<WorkloadSpec> workloads) {

    public Profile {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("profile needs a name");
        }
        if (bootsPerKernel < 2) {
            throw new IllegalArgumentException("profile " + name + ": bootsPerKernel must be >= 2 (boots are the samples)");
        }
        if (maxBootsPerKernel < bootsPerKernel) {
            throw new IllegalArgumentException("profile " + name + ": maxBootsPerKernel < bootsPerKernel");
        }
        if (bootTimeoutSeconds < 10) {
            throw new IllegalArgumentException("profile " + name + ": bootTimeoutSeconds must be >= 10");
        }
        workloads = List.copyOf(workloads);
        if (workloads.isEmpty()) {
            throw new IllegalArgumentException("profile " + name + ": no workloads");
        }
    }

    /**
     * The profile cut to the named workloads; the correctness gate stays
     * first whatever is asked, since no verdict is made without it.
     */
    public Profile only(List<String> names) {
        java.util.Set<String> known = new java.util.LinkedHashSet<>();
        workloads.forEach(w -> known.add(w.name()));
        for (String n : names) {
            if (!known.contains(n)) {
                throw new IllegalArgumentException("no workload " + n + " in profile " + name + " (it has "
                        + String.join(", ", known) + ")");
            }
        }
        List<WorkloadSpec> kept = workloads.stream().filter(w -> names.contains(w.name())
                || w.name().equals("fsnotify-gate")).toList();
        return new Profile(name, description + " (workloads " + String.join(",", names) + ")", bootsPerKernel,
                maxBootsPerKernel, bootTimeoutSeconds, kept);
    }

    /** The profile with a fixed number of boots per kernel (no adaptive extra pairs). */
    public Profile withBoots(int boots) {
        return new Profile(name, description, boots, boots, bootTimeoutSeconds, workloads);
    }

    /** Loads a built-in profile by name, or a profile file when given a path. */
    public static Profile load(String nameOrPath) throws IOException {
        Path p = Path.of(nameOrPath);
        if (nameOrPath.endsWith(".json") && Files.isRegularFile(p)) {
            try (InputStream in = Files.newInputStream(p)) {
                return parse(in);
            }
        }
        if (!nameOrPath.matches("[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("no such profile: " + nameOrPath);
        }
        try (InputStream in = Profile.class.getResourceAsStream("/fsnbot/profiles/" + nameOrPath + ".json")) {
            if (in == null) {
                throw new IllegalArgumentException("no such profile: " + nameOrPath);
            }
            return parse(in);
        }
    }

    /** The profile as the JSON its files hold (what `bench --host --out` records with its runs). */
    public String toJson() {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("name", name);
        m.put("description", description);
        m.put("bootsPerKernel", bootsPerKernel);
        m.put("maxBootsPerKernel", maxBootsPerKernel);
        m.put("bootTimeoutSeconds", bootTimeoutSeconds);
        List<Map<String, Object>> wl = new java.util.ArrayList<>();
        for (WorkloadSpec w : workloads) {
            Map<String, Object> x = new java.util.LinkedHashMap<>();
            x.put("name", w.name());
            x.put("args", w.args());
            x.put("verdictMetrics", w.verdictMetrics());
            w.minEffectPct().ifPresent(e -> x.put("minEffectPct", e));
            w.instructionRows().ifPresent(r -> x.put("instructionClockRows", r));
            if (!w.instructionArgs().isEmpty()) {
                x.put("instructionClockArgs", w.instructionArgs());
            }
            wl.add(x);
        }
        m.put("workloads", wl);
        try {
            return new ObjectMapper().writeValueAsString(m);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A profile from the JSON toJson makes. */
    public static Profile fromJson(String json) throws IOException {
        return parse(new java.io.ByteArrayInputStream(json.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    @SuppressWarnings("unchecked")
    static Profile parse(InputStream in) throws IOException {
        Map<String, Object> m = new ObjectMapper()
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .readValue(in, Map.class);
        List<Map<String, Object>> wl = (List<Map<String, Object>>) m.get("workloads");
        if (wl == null) {
            throw new IllegalArgumentException("profile without workloads");
        }
        return new Profile(
                (String) m.get("name"),
                (String) m.getOrDefault("description", ""),
                ((Number) m.getOrDefault("bootsPerKernel", 0)).intValue(),
                ((Number) m.getOrDefault("maxBootsPerKernel", m.getOrDefault("bootsPerKernel", 0))).intValue(),
                ((Number) m.getOrDefault("bootTimeoutSeconds", 0)).intValue(),
                wl.stream().map(WorkloadSpec::fromMap).toList());
    }
}
