package org.fsnbot.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.fsnbot.app.Application;
import org.fsnbot.app.BisectSettings;
import org.fsnbot.app.Config;
import org.fsnbot.build.KernelBuilder;
import org.fsnbot.bisect.Bisector;
import org.fsnbot.plan.HostTopology;
import org.fsnbot.plan.JobDefaults;
import org.fsnbot.plan.Profile;
import org.fsnbot.report.ReplyRenderer;
import org.fsnbot.stats.Bisection;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** `fsnbot bisect --tree T GOOD BAD`: the commit of the range that carries the regression, confirmed. */
@Command(name = "bisect", mixinStandardHelpOptions = true,
        description = "Find the commit between GOOD and BAD (first-parent) that carries a regression, measuring"
                + " each step against GOOD and confirming the culprit against its parent (docs/bisect.md). The"
                + " report goes to the outbox (the culprit's author and the maintainers, once mail is set up).",
        footer = {"", "Exit codes:", "  0:no single commit named (no regression between the ends, unclear, spread,"
            + " or the budget ran out)", "  1:a culprit named and confirmed", "  " + ExitCodes.LIST_BAD_INPUT,
            "  4:the ends could not be measured (a build, boot or fsnbot failure): nothing judged"})
public final class BisectCommand implements Callable<Integer> {

    @Option(names = "--tree", required = true, description = "The tree (URL or local path).")
    String tree;

    @Parameters(index = "0", paramLabel = "GOOD", description = "A revision without the regression.")
    String good;

    @Parameters(index = "1", paramLabel = "BAD", description = "A later revision with it.")
    String bad;

    @Option(names = "--max-boots", description = "Boots at most (default: the configuration's bisect.maxBoots).")
    Integer maxBoots;

    @Option(names = "--max-minutes", description = "Wall time at most (default: bisect.maxMinutes).")
    Integer maxMinutes;

    @Mixin
    JobOptions job;

    @Mixin
    ConfigOptions options;

    @Override
    public Integer call() throws Exception {
        Config cfg = options.load();
        JobDefaults jobs = job.over(cfg.jobs(), HostTopology.readOrGuess());
        Profile p;
        Bisector.Request r;
        try {
            p = jobs.profile();
            BisectSettings budget = cfg.polling().bisect();
            r = new Bisector.Request(tree, good, bad, p, jobs.topology(), new Bisector.Budget(
                    maxBoots == null ? budget.maxBoots() : maxBoots,
                    Duration.ofMinutes(maxMinutes == null ? budget.maxMinutes() : maxMinutes)),
                    KernelBuilder.Code.TRUSTED);
        } catch (IllegalArgumentException e) {
            throw BadInput.of(e);
        }
        try (Application app = Application.open(cfg, PauseHooks.fromSystemProperties())) {
            Bisector.Outcome o;
            try {
                o = app.bisector().run(r);
            } catch (IllegalArgumentException e) {
                throw BadInput.of(e);
            }
            Path eml = app.bisectMail().post(o, app.localTree(tree));
            System.out.print(new ReplyRenderer().bisect(o.report()));
            System.err.println("fsnbot: bisection report written: " + eml);
            if (!o.endsMeasured()) {
                return ExitCodes.TROUBLE;
            }
            return o.result() instanceof Bisection.Result.Culprit ? ExitCodes.REGRESSION : ExitCodes.OK;
        }
    }
}
