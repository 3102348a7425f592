package org.fsnbot.qualify;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * What `fsnbot qualify` found on a runner: the host checks, the
 * accelerator and clock a probe boot decided, the median boot time of the
 * calibration's boots, and the calibration's widest verdict-row CV. Its
 * summary is the line a reply's runner fact quotes.
 */
public record Qualification(String runner, Instant at, List<HostCheck> checks, Booted booted) {

    /**
     * What the boots found: the accelerator and clock the probe decided and
     * why, the median boot, how many boots the calibration counted and its
     * widest verdict-row CV.
     */
    public record Booted(String accelerator, String clock, String reason, double medianBootSeconds,
            int calibrationBoots, double widestVerdictCvPct) {
        public Booted {
            Objects.requireNonNull(accelerator);
            Objects.requireNonNull(clock);
            Objects.requireNonNull(reason);
            if (!(medianBootSeconds > 0) || calibrationBoots < 2 || !(widestVerdictCvPct >= 0)) {
                throw new IllegalArgumentException("a qualification has timed boots and a calibration: "
                        + medianBootSeconds + " s, " + calibrationBoots + " boots, CV " + widestVerdictCvPct);
            }
        }
    }

    public Qualification {
        Objects.requireNonNull(runner);
        Objects.requireNonNull(at);
        checks = List.copyOf(checks);
        Objects.requireNonNull(booted);
    }

    /** The checks that ask for a change. */
    public List<HostCheck> toChange() {
        return checks.stream().filter(c -> c.status() == HostCheck.Status.CHANGE).toList();
    }

    /** "qualified 2026-12-07: TCG, instructions clock, 16 s a boot, A/A CV <= 0.4%; nothing to change". */
    public String summary() {
        List<HostCheck> change = toChange();
        return String.format(Locale.ROOT, "qualified %s: %s, %s clock, %.0f s a boot, A/A CV <= %.1f%%; %s",
                LocalDate.ofInstant(at, ZoneOffset.UTC), booted.accelerator(), booted.clock(),
                booted.medianBootSeconds(), booted.widestVerdictCvPct(),
                change.isEmpty() ? "nothing to change" : change.size() + " to change ("
                        + change.stream().map(HostCheck::name).collect(Collectors.joining(", ")) + ")");
    }

    public String json(ObjectMapper mapper) {
        ObjectNode o = mapper.createObjectNode();
        o.put("runner", runner).put("at", at.toString()).put("accelerator", booted.accelerator())
                .put("clock", booted.clock()).put("reason", booted.reason())
                .put("median_boot_s", booted.medianBootSeconds()).put("calibration_boots", booted.calibrationBoots())
                .put("widest_verdict_cv_pct", booted.widestVerdictCvPct());
        ArrayNode a = o.putArray("checks");
        for (HostCheck c : checks) {
            a.addObject().put("name", c.name()).put("found", c.found()).put("status", c.status().word())
                    .put("change", c.change());
        }
        return o.toString();
    }
}
