package org.fsnbot.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.fsnbot.pipeline.CalibrationPipeline;
import org.fsnbot.pipeline.PatchTestPipeline;
import org.fsnbot.pipeline.StandardStages;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import org.fsnbot.report.TextTable;
import org.fsnbot.stats.MetricComparison;
import org.fsnbot.stats.NoiseEstimate;
import org.fsnbot.store.Store;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** `fsnbot calibrate`: A/A runs of one kernel to measure this runner's noise. */
@Command(name = "calibrate", mixinStandardHelpOptions = true,
        description = "Boot the base kernel as both sides (A/A), file each metric's noise for later verdicts.")
public final class CalibrateCommand implements Callable<Integer> {

    @Option(names = "--tree", required = true, description = "Kernel git tree: a local path or a git URL.")
    String tree;

    @Option(names = "--base", required = true, description = "Revision to boot on both sides.")
    String base;

    @Option(names = "--profile", defaultValue = "quick", description = "Profile (default: ${DEFAULT-VALUE}).")
    String profile;

    @Option(names = "--topology", defaultValue = "sockets=2,cores=1,nodes=2", description = "Guest topology (default: ${DEFAULT-VALUE}).")
    String topology;

    @Option(names = "--boots", defaultValue = "5", description = "Boots per side (default: ${DEFAULT-VALUE}).")
    int boots;

    @Option(names = "--home", description = "fsnbot's cache and state directory (default: $FSNBOT_HOME or ~/.cache/fsnbot).")
    Path home;

    @Override
    public Integer call() throws Exception {
        Profile p;
        Topology t;
        try {
            p = Profile.load(profile);
            t = Topology.parse(topology);
            if (boots < 2) {
                throw new IllegalArgumentException("--boots must be at least 2");
            }
        } catch (IllegalArgumentException e) {
            System.err.println("fsnbot: " + e.getMessage());
            return TestPatchCommand.EXIT_BAD_INPUT;
        }
        Path root = home != null ? home : TestPatchCommand.defaultHome();
        Files.createDirectories(root);
        PatchTestPipeline.Stages stages = StandardStages.create(root, root.resolve("outbox"), "fsnbot@localhost",
                System.err);
        CalibrationPipeline.Calibration c = new CalibrationPipeline(stages, root, System.err).run(tree, base, p, t,
                boots);
        TextTable table = new TextTable(List.of("workload", "row", "metric", "n", "CV", "A/A change", "A/A verdict",
                "boots for 2%"), 3);
        for (Store.Noise n : c.noise()) {
            MetricComparison m = c.aa().find(n.key()).orElseThrow();
            table.row(List.of(n.workload(), n.variant(), n.metric(), Integer.toString(n.boots()),
                    String.format(Locale.ROOT, "%.1f%%", n.cvPct()),
                    String.format(Locale.ROOT, "%+.1f%%", m.changePct()),
                    m.verdict().map(v -> v.text()).orElse("-"),
                    Integer.toString(NoiseEstimate.bootsNeeded(n.cvPct(), 2, 0.05, 0.8))));
        }
        System.out.printf("A/A calibration on %s, %s, profile %s, %d boots per side%n%n", c.accelerator(), t, p.name(),
                boots);
        System.out.print(table.render("  "));
        System.out.println("\n'boots for 2%': boots per kernel for 80% power against a 2% change at alpha 0.05.");
        long alarms = c.aa().verdictMetrics().stream().filter(m -> m.verdict().orElseThrow().text().matches(
                "regression|improvement")).count();
        System.out.printf("A/A false alarms: %d of %d verdict metrics (overall: %s)%n", alarms,
                c.aa().verdictMetrics().size(), c.aa().overall().text());
        return 0;
    }
}
