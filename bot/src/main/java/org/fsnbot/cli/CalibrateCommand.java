package org.fsnbot.cli;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.fsnbot.app.Application;
import org.fsnbot.app.Config;
import org.fsnbot.job.Calibrator;
import org.fsnbot.mail.DeliveryHooks;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.plan.HostTopology;
import org.fsnbot.plan.JobDefaults;
import org.fsnbot.report.TextTable;
import org.fsnbot.stats.MetricComparison;
import org.fsnbot.stats.MetricNoise;
import org.fsnbot.stats.PowerPlan;
import org.fsnbot.stats.Verdict;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** `fsnbot calibrate`: A/A runs of one kernel to measure this runner's noise. */
@Command(name = "calibrate", mixinStandardHelpOptions = true,
        description = "Boot the base kernel as both sides (A/A), file each metric's noise for later verdicts.")
public final class CalibrateCommand implements Callable<Integer> {

    @Option(names = "--tree", required = true, description = "Kernel git tree: a local path or a git URL.")
    String tree;

    @Option(names = "--base", required = true, description = "Revision to boot on both sides.")
    String base;

    @Mixin
    JobOptions job;

    @Option(names = "--boots", defaultValue = "10", description = "Boots per side (default: ${DEFAULT-VALUE}).")
    int boots;

    @Mixin
    ConfigOptions options;

    @Override
    public Integer call() throws Exception {
        Config cfg = options.load();
        JobDefaults jobs = job.over(cfg.jobs(), HostTopology.readOrGuess());
        BadInput.require(boots >= 2, "--boots must be at least 2");
        Base b;
        try {
            b = new Base(tree, base, BaseReason.of(BaseReason.Kind.NAMED_ON_COMMAND_LINE));
        } catch (IllegalArgumentException e) {
            throw BadInput.of(e);
        }
        Calibrator.Calibration c = Application.open(cfg, DeliveryHooks.NONE).calibrator().run(b,
                jobs.profile(), jobs.topology(), boots);
        TextTable table = new TextTable(List.of("workload", "row", "metric", "n", "CV", "A/A change", "A/A verdict",
                "boots for 2%"), 3);
        int verdictMetrics = Math.max(1, c.aa().verdictMetrics().size());
        int most = 0;
        for (MetricNoise n : c.noise()) {
            MetricComparison m = c.aa().find(n.key()).orElseThrow();
            boolean planned = m.inVerdict() && n.boots() > 1 && n.cvPct() >= 0;
            int needed = planned ? PowerPlan.bootsFor(PowerPlan.plannedCv(n.cvPct(), n.boots()), verdictMetrics) : 0;
            most = Math.max(most, needed);
            table.row(List.of(n.key().workload(), n.key().variant(), n.key().metric(), Integer.toString(n.boots()),
                    // Two decimals: an instruction count's noise is a few hundredths of a percent.
                    String.format(Locale.ROOT, "%.2f%%", n.cvPct()),
                    String.format(Locale.ROOT, "%+.2f%%", m.changePct()),
                    m.verdict().map(Verdict::text).orElse("-"),
                    planned ? Integer.toString(needed) : "-"));
        }
        System.out.printf("A/A calibration on %s (%s clock), %s, profile %s, %d boots per side%n%n",
                c.accelerator(), c.clock(), jobs.topology(), jobs.profile().name(), boots);
        System.out.print(table.render("  "));
        System.out.printf("%n'boots for 2%%': boots per kernel, all in one look, for 80%% power against a 2%% change%n"
                + "at Holm's worst level over %d verdict metrics (0.05/%d), planned for each CV at its%n"
                + "80%% upper bound from %d boots. For every verdict metric: bootsPerKernel =%n"
                + "maxBootsPerKernel = %d.%n", verdictMetrics, verdictMetrics, 2 * boots, most);
        long alarms = c.aa().verdictMetrics().stream().map(m -> m.verdict().orElseThrow())
                .filter(v -> v == Verdict.REGRESSION || v == Verdict.IMPROVEMENT).count();
        System.out.printf("A/A false alarms: %d of %d verdict metrics (overall: %s)%n", alarms,
                c.aa().verdictMetrics().size(), c.aa().overall().text());
        return ExitCodes.OK;
    }
}
