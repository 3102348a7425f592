package org.fsnbot.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.fsnbot.build.KernelBuilder;
import org.fsnbot.app.Config;
import org.fsnbot.intake.MalformedMailException;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchSeries;
import org.fsnbot.job.Candidate;
import org.fsnbot.job.Job;
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

    @Mixin
    ReplyOptions reply;

    @Override
    public Integer call() throws Exception {
        Config cfg = reply.over(options.load());
        BadInput.require(Files.isRegularFile(mbox), "--mbox " + mbox + ": no such file");
        JobDefaults jobs = job.over(cfg.jobs());
        Job request;
        try {
            PatchSeries series = new MboxReader().readSeries(mbox);
            request = new Job(new Base(tree, base, "named on the command line"), new Candidate.Series(series, mbox),
                    jobs.profile(), jobs.topology(), new ReplyRoute.UnderMail(series.replyTarget()), true,
                    KernelBuilder.Code.TRUSTED);
        } catch (IllegalArgumentException | MalformedMailException e) {
            throw BadInput.of(e);
        }
        return reply.run(cfg, request);
    }
}
