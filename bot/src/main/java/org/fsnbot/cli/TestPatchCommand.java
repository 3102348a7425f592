package org.fsnbot.cli;

import java.util.concurrent.Callable;
import org.fsnbot.build.KernelBuilder;
import org.fsnbot.app.Config;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.job.Candidate;
import org.fsnbot.job.Job;
import org.fsnbot.job.ReplyRoute;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.plan.HostTopology;
import org.fsnbot.plan.JobDefaults;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** `fsnbot test-patch`: one patch (or series) against one base, reply to the outbox. */
@Command(name = "test-patch", mixinStandardHelpOptions = true,
        description = "Apply a patch (an mbox, or fetched by message-id or lore link) to a base, build and boot"
                + " both kernels, compare, write the reply.", exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {ExitCodes.LIST_NO_REGRESSION, ExitCodes.LIST_REGRESSION, ExitCodes.LIST_BAD_INPUT,
                ExitCodes.LIST_BROKEN, ExitCodes.LIST_INFRA})
public final class TestPatchCommand implements Callable<Integer> {

    @Option(names = "--tree", required = true, description = "Kernel git tree: a local path or a git URL.")
    String tree;

    @Option(names = "--base", required = true, description = "Base revision (commit, tag or branch).")
    String base;

    @Mixin
    PatchInput patch;

    @Mixin
    JobOptions job;

    @Mixin
    ConfigOptions options;

    @Mixin
    ReplyOptions reply;

    @Override
    public Integer call() throws Exception {
        Config cfg = reply.over(options.load());
        JobDefaults jobs = job.over(cfg.jobs(), HostTopology.readOrGuess());
        PatchInput.Read in = patch.read(cfg, new MboxReader());
        Job request;
        try {
            request = new Job(new Base(tree, base, BaseReason.of(BaseReason.Kind.NAMED_ON_COMMAND_LINE)),
                    new Candidate.Series(in.series(),
                    in.mbox()), jobs.profile(), jobs.topology(), new ReplyRoute.UnderMail(in.series().replyTarget()),
                    true, KernelBuilder.Code.TRUSTED);
        } catch (IllegalArgumentException e) {
            throw BadInput.of(e);
        }
        return reply.run(cfg, request);
    }
}
