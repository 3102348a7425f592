package org.fsnbot.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.fsnbot.app.Application;
import org.fsnbot.stats.MetricNoise;
import org.fsnbot.store.RunnerRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** `fsnbot runners`: the fleet's runners, their class, facts, last check-in, work done and A/A noise. */
@Command(name = "runners", mixinStandardHelpOptions = true,
        description = "List the fleet's runners: class, state, host facts, last check-in, units done, and the"
                + " median A/A noise of their calibrations.")
public final class RunnersCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions options;

    @Override
    public Integer call() throws Exception {
        PrintStream out = System.out;
        ObjectMapper json = new ObjectMapper();
        try (Application app = Application.look(options.load())) {
            List<RunnerRegistry.Entry> all = app.store().runners().all();
            if (all.isEmpty()) {
                out.println(app.store().shared() ? "No runner has joined the fleet yet."
                        : "Single-machine mode (H2): this host is the only runner, " + app.runnerName().label() + ".");
                return ExitCodes.OK;
            }
            Instant now = app.clock().instant();
            for (RunnerRegistry.Entry e : all) {
                JsonNode f = json.readTree(e.facts());
                long silent = e.lastCheckin().map(t -> Duration.between(t, now).toSeconds()).orElse(-1L);
                String checkin = silent < 0 ? "never" : silent + " s ago";
                out.printf(Locale.ROOT, "%s (class %s): %s%s, last check-in %s, %d unit(s) done%n", e.name(),
                        e.runnerClass(), e.state().stored(), life(app, e, silent), checkin,
                        app.store().fleet().doneBy(e.name()));
                out.printf(Locale.ROOT, "  %s; %d socket(s), %d cores, %d CPUs, %d NUMA node(s), %d MiB, %s%n",
                        f.path("cpu").asText("?"), f.path("sockets").asInt(), f.path("cores").asInt(),
                        f.path("cpus").asInt(), f.path("numa").size(), f.path("memory_mib").asLong(),
                        f.path("kvm").asBoolean() ? "KVM" : "no KVM (TCG)");
                out.printf(Locale.ROOT, "  %s; %s%n", f.path("qemu").asText("?"), f.path("kernel").asText("?"));
                List<MetricNoise> noise = app.store().calibrations().noiseOf(e.name());
                out.println(noise.isEmpty() ? "  A/A noise: not calibrated (fsnbot calibrate on it)"
                        : String.format(Locale.ROOT, "  A/A noise: median boot-to-boot CV %.1f%% over %d metric(s)",
                                median(noise), noise.size()));
            }
        }
        return ExitCodes.OK;
    }

    /**
     * What is wrong with a runner that should be alive: on the fleet's
     * store, whether a live process holds its name (the lock that decides
     * who owns its units, as fsnbot queue, health and /readyz judge it);
     * on H2, which has no such lock, whether it checked in (Quartz takes a
     * node silent for its interval and 7.5 s more for dead).
     */
    private static String life(Application app, RunnerRegistry.Entry e, long silent) {
        if (e.state() == RunnerRegistry.State.STOPPED) {
            return "";
        }
        if (app.store().shared()) {
            return app.store().runners().nameHeld(e.name()) ? "" : " but gone (no process holds its name)";
        }
        boolean quiet = silent < 0 || silent > app.config().deployment().fleet().checkinSeconds() + 8;
        return quiet ? " but silent (taken for dead)" : "";
    }

    private static double median(List<MetricNoise> noise) {
        double[] cv = noise.stream().mapToDouble(MetricNoise::cvPct).sorted().toArray();
        return cv.length % 2 == 1 ? cv[cv.length / 2] : (cv[cv.length / 2 - 1] + cv[cv.length / 2]) / 2;
    }
}
