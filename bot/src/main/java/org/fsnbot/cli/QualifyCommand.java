package org.fsnbot.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.fsnbot.app.Application;
import org.fsnbot.app.Config;
import org.fsnbot.job.Calibrator;
import org.fsnbot.mail.DeliveryHooks;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.plan.HostTopology;
import org.fsnbot.plan.JobDefaults;
import org.fsnbot.qualify.HostCheck;
import org.fsnbot.qualify.HostChecks;
import org.fsnbot.qualify.Qualification;
import org.fsnbot.report.TextTable;
import org.fsnbot.stats.MetricNoise;
import org.fsnbot.store.QualificationStore;
import org.hipparchus.stat.descriptive.rank.Median;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * `fsnbot qualify`: what this runner is good for. The host checks LKP and
 * mmtests make, the accelerator and clock a probe boot decides, how long a
 * boot takes, then an A/A calibration; filed with the runner, quoted in
 * every reply's runner fact.
 */
@Command(name = "qualify", mixinStandardHelpOptions = true,
        description = "Check this runner's host, time its boots and calibrate it; file what was found.")
public final class QualifyCommand implements Callable<Integer> {

    @Option(names = "--tree", description = "Kernel git tree to calibrate with (default: the first configured base).")
    String tree;

    @Option(names = "--base", description = "Revision to boot on both sides (default: the first configured base).")
    String base;

    @Mixin
    JobOptions job;

    @Option(names = "--pairs", description = "A/A pairs to boot (default: runner.calibrationPairs, at least 2).")
    Integer pairs;

    @Mixin
    ConfigOptions options;

    @Override
    public Integer call() throws Exception {
        Config cfg = options.load();
        JobDefaults jobs = job.over(cfg.jobs(), HostTopology.readOrGuess());
        int n = pairs != null ? pairs : Math.max(2, cfg.runner().calibrationPairs());
        BadInput.require(n >= 2, "--pairs must be at least 2");
        Base b = base();
        if (b == null) {
            b = cfg.sources().bases().stream().findFirst().orElseThrow(() -> BadInput.of(new IllegalArgumentException(
                    "qualify calibrates on a kernel: give --tree and --base, or configure bases:")));
        }
        Application app = Application.open(cfg, DeliveryHooks.NONE);
        Calibrator.Calibration c = app.calibrator().run(b, jobs.profile(), jobs.topology(), n);
        List<HostCheck> checks = new HostChecks(Path.of("/")).run(c.clock().equals("instructions"),
                jobs.topology().nodes(), c.accelerator().equals("KVM") ? Optional.empty() : Optional.of(c.reason()));
        double widest = c.noise().stream().filter(m -> c.aa().find(m.key()).map(x -> x.inVerdict()).orElse(false))
                .mapToDouble(MetricNoise::cvPct).max().orElse(0);
        Qualification q = new Qualification(app.runnerName().name(), Instant.now(), checks, new Qualification.Booted(
                c.accelerator(), c.clock(), c.reason(), median(c.bootSeconds()), c.bootSeconds().size(), widest));
        app.store().runners().qualifications().save(new QualificationStore.Qualified(q.runner(), q.at(), q.summary(),
                q.json(new ObjectMapper())));
        TextTable table = new TextTable(List.of("check", "", "found"), 3);
        for (HostCheck h : checks) {
            table.row(List.of(h.name(), h.status().word(), h.found()));
        }
        System.out.printf("Runner %s, %s%n%n", app.runnerName().label(), q.summary());
        System.out.print(table.render("  "));
        for (HostCheck h : checks) {
            if (!h.change().isEmpty()) {
                System.out.printf("%n%s %s: %s%n", h.status() == HostCheck.Status.CHANGE ? "change" : "note",
                        h.name(), h.change());
            }
        }
        System.out.printf(Locale.ROOT, "%naccelerator: %s (%s), clock: %s%n", c.accelerator(), c.reason(), c.clock());
        System.out.printf(Locale.ROOT, "boots: %d in the calibration, median %.1f s, of %s, %s, profile %s%n",
                c.bootSeconds().size(), q.booted().medianBootSeconds(), b.rev(), jobs.topology(), jobs.profile().name());
        System.out.printf(Locale.ROOT, "noise: the widest verdict row's A/A CV %.2f%% over %d boots a side"
                + " (fsnbot calibrate shows every row)%n", widest, n);
        System.out.println("Filed with the runner; every reply's runner fact quotes the summary line.");
        return ExitCodes.OK;
    }

    private Base base() {
        if (tree == null && base == null) {
            return null;
        }
        BadInput.require(tree != null && base != null, "--tree and --base go together");
        try {
            return new Base(tree, base, BaseReason.of(BaseReason.Kind.NAMED_ON_COMMAND_LINE));
        } catch (IllegalArgumentException e) {
            throw BadInput.of(e);
        }
    }

    private static double median(List<Double> xs) {
        return new Median().evaluate(xs.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
