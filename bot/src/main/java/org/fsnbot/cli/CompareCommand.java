package org.fsnbot.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.fsnbot.build.KernelBuilder;
import org.fsnbot.app.Config;
import org.fsnbot.job.Candidate;
import org.fsnbot.job.Job;
import org.fsnbot.job.ReplyRoute;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.JobDefaults;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * `fsnbot compare`: one revision of a tree against another, the report in a
 * thread of its own. What a watched tree's new head, `#fsnbot test` and
 * `#fsnbot compare` run, and what their replies name under "Reproduce:".
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Build and boot two revisions of a tree, compare them, write the report.")
public final class CompareCommand implements Callable<Integer> {

    @Option(names = "--tree", required = true, description = "Kernel git tree: a local path or a git URL.")
    String tree;

    @Option(names = "--base", required = true, description = "The revision measured as base.")
    String base;

    @Option(names = "--head", required = true, description = "The revision measured against it.")
    String head;

    @Option(names = "--to", split = ",", description = "Who the report is addressed to (default: the"
            + " configuration's treeReportTo).")
    List<String> to;

    @Mixin
    JobOptions job;

    @Mixin
    ConfigOptions options;

    @Mixin
    ReplyOptions reply;

    @Override
    public Integer call() throws Exception {
        Config cfg = reply.over(options.load());
        JobDefaults jobs = job.over(cfg.jobs());
        Job request;
        try {
            request = new Job(new Base(tree, base, "named on the command line"), new Candidate.Revision(head),
                    jobs.profile(), jobs.topology(),
                    new ReplyRoute.NewThread(to == null ? cfg.mailing().treeReportTo() : to), true,
                    KernelBuilder.Code.TRUSTED);
        } catch (IllegalArgumentException e) {
            throw BadInput.of(e);
        }
        return reply.run(cfg, request);
    }
}
