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
 * metric stays inconclusive. asRun says where it came from and every change
 * made to it, so a reproducer runs exactly this profile, not the one it
 * was cut from.
 */
public record Profile(String name, String description, int bootsPerKernel, int maxBootsPerKernel,
        int bootTimeoutSeconds, List<WorkloadSpec> workloads, AsRun asRun) {

    /**
     * The profile as loaded (a built-in name or the file given) and the
     * changes made to it since: only some workloads, a fixed boot count
     * (0: the profile's own, adaptive).
     */
    public record AsRun(String source, List<String> workloads, int runs) {
        public AsRun {
            if (source == null || source.isBlank()) {
                throw new IllegalArgumentException("a profile as run needs the profile it came from");
            }
            workloads = List.copyOf(workloads);
            if (runs < 0) {
                throw new IllegalArgumentException("runs must be >= 0");
            }
        }

        public static AsRun loaded(String source) {
            return new AsRun(source, List.of(), 0);
        }

        /** The options that load this profile again with the same changes. */
        public List<String> options() {
            List<String> words = new java.util.ArrayList<>(List.of("--profile", source));
            if (!workloads.isEmpty()) {
                words.addAll(List.of("--workloads", String.join(",", workloads)));
            }
            if (runs > 0) {
                words.addAll(List.of("--runs", Integer.toString(runs)));
            }
            return List.copyOf(words);
        }
    }

    /** A profile as its file defines it, loaded under its own name. */
    public Profile(String name, String description, int bootsPerKernel, int maxBootsPerKernel,
            int bootTimeoutSeconds, List<WorkloadSpec> workloads) {
        this(name, description, bootsPerKernel, maxBootsPerKernel, bootTimeoutSeconds, workloads,
                AsRun.loaded(name));
    }

    public Profile {
        java.util.Objects.requireNonNull(asRun, "asRun");
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
                throw new UnknownWorkload(n, name, List.copyOf(known));
            }
        }
        List<WorkloadSpec> kept = workloads.stream().filter(w -> names.contains(w.name())
                || w.name().equals("fsnotify-gate")).toList();
        return new Profile(name, description + " (workloads " + String.join(",", names) + ")", bootsPerKernel,
                maxBootsPerKernel, bootTimeoutSeconds, kept, new AsRun(asRun.source(), names, asRun.runs()));
    }

    /** The profile with a fixed number of boots per kernel (no adaptive extra pairs). */
    public Profile withBoots(int boots) {
        return new Profile(name, description, boots, boots, bootTimeoutSeconds, workloads,
                new AsRun(asRun.source(), asRun.workloads(), boots));
    }

    /** The same profile run on other workload binaries' arguments (what a host run records). */
    public Profile withWorkloads(List<WorkloadSpec> specs) {
        return new Profile(name, description, bootsPerKernel, maxBootsPerKernel, bootTimeoutSeconds, specs, asRun);
    }

    /** The profiles bundled with fsnbot (workloads/profiles/, ProfileTest holds the list to the files). */
    public static final List<String> BUILT_IN = List.of("quick", "full");

    /**
     * Loads a built-in profile by name, or a profile file when given a path
     * ending in .json; a name or file that is not a profile, or a profile
     * that names a workload fsnbot does not have, is refused in one plain
     * sentence (IllegalArgumentException) before anything runs.
     */
    public static Profile load(String nameOrPath) throws IOException {
        Path p = Path.of(nameOrPath);
        if (nameOrPath.endsWith(".json")) {
            if (!Files.isRegularFile(p)) {
                throw new IllegalArgumentException("profile file " + nameOrPath + ": no such file");
            }
            try (InputStream in = Files.newInputStream(p)) {
                Profile f = parse(in, "profile file " + nameOrPath);
                return checked(new Profile(f.name(), f.description(), f.bootsPerKernel(), f.maxBootsPerKernel(),
                        f.bootTimeoutSeconds(), f.workloads(), AsRun.loaded(nameOrPath)), "profile file " + nameOrPath);
            }
        }
        if (!nameOrPath.matches("[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("no such profile: " + nameOrPath + " (built in: "
                    + String.join(", ", BUILT_IN) + "; or a file whose name ends in .json)");
        }
        try (InputStream in = Profile.class.getResourceAsStream("/fsnbot/profiles/" + nameOrPath + ".json")) {
            if (in == null) {
                throw new IllegalArgumentException("no such profile: " + nameOrPath + NearestName.hint(nameOrPath,
                        BUILT_IN) + " (built in: " + String.join(", ", BUILT_IN) + "; or a file whose name ends in"
                        + " .json)");
            }
            return checked(parse(in, "profile " + nameOrPath), "profile " + nameOrPath);
        }
    }

    /** The profile, once every workload it names is one fsnbot has. */
    private static Profile checked(Profile p, String where) {
        for (WorkloadSpec w : p.workloads()) {
            Workloads.check(w.name(), where);
        }
        return p;
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
        if (!asRun.equals(AsRun.loaded(name))) {
            Map<String, Object> a = new java.util.LinkedHashMap<>();
            a.put("source", asRun.source());
            a.put("workloads", asRun.workloads());
            a.put("runs", asRun.runs());
            m.put("asRun", a);
        }
        try {
            return new ObjectMapper().writeValueAsString(m);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A profile from the JSON toJson makes. */
    public static Profile fromJson(String json) throws IOException {
        return parse(new java.io.ByteArrayInputStream(json.getBytes(java.nio.charset.StandardCharsets.UTF_8)),
                "profile");
    }

    /** The profile in, or an IllegalArgumentException that says where (what) and what is wrong, plainly. */
    static Profile parse(InputStream in, String what) throws IOException {
        try {
            return parse(in);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            com.fasterxml.jackson.core.JsonLocation at = e.getLocation();
            throw new IllegalArgumentException(what + ": not JSON" + (at == null ? "" : " at line " + at.getLineNr()
                    + ", column " + at.getColumnNr()) + ": " + e.getOriginalMessage().lines().findFirst().orElse(""),
                    e);
        } catch (ClassCastException | NullPointerException e) {
            throw new IllegalArgumentException(what + ": not a profile: a field has the wrong type (see"
                    + " workloads/profiles/quick.json for the shape)", e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage(), e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Profile parse(InputStream in) throws IOException {
        Map<String, Object> m = new ObjectMapper()
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .readValue(in, Map.class);
        List<Map<String, Object>> wl = (List<Map<String, Object>>) m.get("workloads");
        if (wl == null) {
            throw new IllegalArgumentException("profile without workloads");
        }
        String name = (String) m.get("name");
        Map<String, Object> asRun = (Map<String, Object>) m.get("asRun");
        return new Profile(
                name,
                (String) m.getOrDefault("description", ""),
                ((Number) m.getOrDefault("bootsPerKernel", 0)).intValue(),
                ((Number) m.getOrDefault("maxBootsPerKernel", m.getOrDefault("bootsPerKernel", 0))).intValue(),
                ((Number) m.getOrDefault("bootTimeoutSeconds", 0)).intValue(),
                wl.stream().map(WorkloadSpec::fromMap).toList(),
                asRun == null ? AsRun.loaded(name == null ? "?" : name) : new AsRun((String) asRun.get("source"),
                        (List<String>) asRun.getOrDefault("workloads", List.of()),
                        ((Number) asRun.getOrDefault("runs", 0)).intValue()));
    }
}
