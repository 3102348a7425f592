package org.fsnbot.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;

/**
 * How a requested run differs from the configured defaults (an #fsnbot
 * rerun's options), kept with the queued work as JSON with the command
 * line that asked. Empty fields mean "the default".
 */
public record RunOptions(List<String> workloads, int runs, String profile, String topology, boolean mergeBase,
        String command) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public static final RunOptions DEFAULTS = new RunOptions(List.of(), 0, "", "", false, "");

    public RunOptions {
        workloads = workloads == null ? List.of() : List.copyOf(workloads);
        profile = profile == null ? "" : profile;
        topology = topology == null ? "" : topology;
        command = command == null ? "" : command;
        if (runs < 0) {
            throw new IllegalArgumentException("runs must be >= 0");
        }
    }

    /** The profile to run: the named or default one, cut to the chosen workloads and boots. */
    public Profile apply(Profile defaults) throws IOException {
        Profile p = profile.isEmpty() ? defaults : Profile.load(profile);
        if (!workloads.isEmpty()) {
            p = p.only(workloads);
        }
        return runs > 0 ? p.withBoots(runs) : p;
    }

    public Topology topology(Topology defaults) {
        return topology.isEmpty() ? defaults : Topology.parse(topology);
    }

    public String toJson() {
        try {
            return JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    public static RunOptions fromJson(String json) {
        if (json == null || json.isBlank()) {
            return DEFAULTS;
        }
        try {
            return JSON.readValue(json, RunOptions.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("bad run options " + json + ": " + e.getOriginalMessage(), e);
        }
    }
}
