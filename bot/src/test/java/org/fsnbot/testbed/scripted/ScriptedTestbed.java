package org.fsnbot.testbed.scripted;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.Consumer;
import org.fsnbot.boot.BootOutcome;
import org.fsnbot.boot.BootStatus;
import org.fsnbot.plan.Clock;
import org.fsnbot.plan.Topology;
import org.fsnbot.run.BootRecord;
import org.fsnbot.run.ResultParser;
import org.fsnbot.run.RunResult;
import org.fsnbot.run.Side;
import org.fsnbot.testbed.Artefacts;
import org.fsnbot.testbed.Instrument;
import org.fsnbot.testbed.Load;
import org.fsnbot.testbed.MeasurePlan;
import org.fsnbot.testbed.Measurement;
import org.fsnbot.testbed.Testbed;
import org.fsnbot.testbed.TestbedFacts;

/**
 * A third backend, for the port's tests: boots nothing, and answers each
 * boot with byte-write's JSON lines whose ns_per_op per mode is a median
 * (per side) times seeded lognormal noise, 10% between boots. What it
 * proves is that planning, statistics, verdicts and replies run on any
 * backend's typed facts.
 */
public final class ScriptedTestbed implements Testbed {

    public static final Instrument INSTRUMENT = new Instrument("SCRIPT", "scripted (nothing booted: the figures"
            + " are a test's)", "a test's backend", Clock.WALL, false);

    private final Map<Side, Map<String, Double>> medianNs;
    private final Random random;
    private final ResultParser parser = new ResultParser();

    public ScriptedTestbed(Map<Side, Map<String, Double>> medianNs, long seed) {
        this.medianNs = Map.copyOf(medianNs);
        this.random = new Random(seed);
    }

    @Override
    public Instrument instrument(Artefacts artefacts, Topology topology) {
        return INSTRUMENT;
    }

    @Override
    public Measurement measure(Artefacts artefacts, MeasurePlan plan, Consumer<BootRecord> booted)
            throws IOException {
        Files.createDirectories(plan.dir());
        List<BootRecord> all = new ArrayList<>();
        int pairs = 0;
        while (pairs < plan.budget().initialPairs() || (pairs < plan.budget().maxPairs()
                && plan.more().wanted(new RunResult(all, Optional.empty()), pairs))) {
            for (Side side : List.of(Side.BASE, Side.PATCHED)) {
                // One kernel on both sides (an A/A calibration) is measured as the base, whichever side it is.
                Side kernel = artefacts.base().equals(artefacts.patched()) ? Side.BASE : side;
                BootRecord r = boot(side, kernel, pairs, plan);
                booted.accept(r);
                all.add(r);
            }
            pairs++;
        }
        return new Measurement(new RunResult(all, Optional.empty()), new TestbedFacts("scripted", INSTRUMENT,
                "the test's script", "nothing (a script answers)"), Load.notMeasured(0), Optional.empty());
    }

    private BootRecord boot(Side side, Side kernel, int index, MeasurePlan plan) throws IOException {
        String id = side.name().toLowerCase(Locale.ROOT) + "-" + (index + 1) + "-try1";
        List<String> lines = new ArrayList<>();
        lines.add("{\"type\":\"guest\",\"kernel\":\"scripted\",\"cpus\":" + plan.topology().cpus() + "}");
        lines.add("{\"type\":\"header\",\"workload\":\"byte-write\",\"reps\":1}");
        for (Map.Entry<String, Double> mode : medianNs.get(kernel).entrySet()) {
            double ns = mode.getValue() * Math.exp(0.1 * random.nextGaussian());
            lines.add(String.format(Locale.ROOT, "{\"type\":\"result\",\"workload\":\"byte-write\",\"mode\":\"%s\","
                    + "\"label\":\"mode\",\"row\":\"%s\",\"params\":{},\"rep\":0,\"metric\":\"ns_per_op\","
                    + "\"value\":%.3f,\"unit\":\"ns\",\"direction\":\"lower\"}", mode.getKey(), mode.getKey(), ns));
        }
        lines.add("{\"type\":\"exit\",\"workload\":\"byte-write\",\"status\":0}");
        BootOutcome o = new BootOutcome(id, BootStatus.OK, INSTRUMENT.accelerator(), 0.0, lines,
                new BootOutcome.Console(plan.dir().resolve(id + ".log"), List.of()), "");
        try {
            return new BootRecord(side, index, 1, o, parser.parse(side, index, lines));
        } catch (ResultParser.BadResultsException e) {
            throw new IllegalStateException("the script's own lines do not parse: " + e.getMessage(), e);
        }
    }
}
