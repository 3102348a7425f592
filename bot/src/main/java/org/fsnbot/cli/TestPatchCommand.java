package org.fsnbot.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.fsnbot.app.Application;
import org.fsnbot.app.Config;
import org.fsnbot.intake.MalformedMailException;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchSeries;
import org.fsnbot.job.Candidate;
import org.fsnbot.job.Job;
import org.fsnbot.job.JobOutcome;
import org.fsnbot.job.ReplyRoute;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.JobDefaults;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** `fsnbot test-patch`: one patch (or series) against one base, reply to the outbox. */
@Command(name = "test-patch", mixinStandardHelpOptions = true,
        description = "Apply an mbox to a base, build and boot both kernels, compare, write the reply.")
public final class TestPatchCommand implements Callable<Integer> {

    @Option(names = "--tree", required = true, description = "Kernel git tree: a local path or a git URL.")
    String tree;

    @Option(names = "--base", required = true, description = "Base revision (commit, tag or branch).")
    String base;

    @Option(names = "--mbox", required = true, description = "The patch mail(s): mbox or a single RFC 822 message.")
    Path mbox;

    @Mixin
    JobOptions job;

    @Mixin
    ConfigOptions options;

    @Option(names = "--outbox", description = "Directory for the reply .eml (default: <home>/outbox).")
    Path outbox;

    @Option(names = "--from", description = "Our From address (default: the configuration's).")
    String from;

    @Option(names = "--print", description = "Also print the reply body on stdout.")
    boolean print;

    @Override
    public Integer call() throws Exception {
        PrintStream err = System.err;
        Optional<Config> loaded = options.load(err);
        if (loaded.isEmpty()) {
            return ExitCodes.BAD_INPUT;
        }
        Config cfg = loaded.get();
        Job request;
        try {
            if (!Files.isRegularFile(mbox)) {
                err.println("fsnbot: --mbox " + mbox + ": no such file");
                return ExitCodes.BAD_INPUT;
            }
            JobDefaults jobs = job.over(cfg.jobs());
            PatchSeries series = new MboxReader().readSeries(mbox);
            request = new Job(new Base(tree, base, "named on the command line"), new Candidate.Series(series, mbox),
                    jobs.profile(), jobs.topology(), new ReplyRoute.UnderMail(series.replyTarget()), true);
        } catch (IllegalArgumentException | MalformedMailException e) {
            err.println("fsnbot: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        if (outbox != null) {
            cfg = cfg.withHome(cfg.home().withOutbox(outbox));
        }
        if (from != null) {
            cfg = cfg.withMailing(new Config.Mailing(from, cfg.mailing().settings(), cfg.mailing().treeReportTo()));
        }
        JobOutcome o = Application.open(cfg, PauseHooks.fromSystemProperties()).jobRunner().run(request);
        if (print) {
            System.out.print(Files.readString(o.eml()));
        }
        err.println("fsnbot: " + o.kind() + o.verdict().map(v -> ": " + v.text()).orElse("") + " -> " + o.eml());
        return ExitCodes.OK;
    }
}
