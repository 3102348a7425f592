package org.fsnbot.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.fsnbot.build.KernelBuilder;
import org.fsnbot.app.Config;
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
import picocli.CommandLine.Parameters;

/**
 * `fsnbot compare`: one revision of a tree against another, the report in a
 * thread of its own. What a watched tree's new head, `#fsnbot test` and
 * `#fsnbot compare` run, and what their replies name under "Reproduce:".
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Build and boot two revisions of a tree, compare them, write the report.",
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = {ExitCodes.LIST_NO_REGRESSION,
                ExitCodes.LIST_REGRESSION, ExitCodes.LIST_BAD_INPUT, ExitCodes.LIST_BROKEN, ExitCodes.LIST_INFRA})
public final class CompareCommand implements Callable<Integer> {

    @Option(names = "--tree", required = true, description = "Kernel git tree: a local path or a git URL.")
    String tree;

    @Option(names = "--base", description = "The revision measured as base (or give it first of the two"
            + " positional revisions).")
    String base;

    @Option(names = "--head", description = "The revision measured against it (or the second positional one).")
    String head;

    @Parameters(arity = "0..2", paramLabel = "REV", description = "BASE HEAD, as in `fsnbot compare --tree T v6.12"
            + " fsnotify`.")
    List<String> revisions;

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
        JobDefaults jobs = job.over(cfg.jobs(), HostTopology.readOrGuess());
        List<String> revs = revisions == null ? List.of() : revisions;
        BadInput.require(revs.isEmpty() ? base != null && head != null : revs.size() == 2 && base == null
                && head == null, "name the two revisions once: `compare --tree T BASE HEAD` or --base and --head");
        String b = revs.isEmpty() ? base : revs.get(0);
        String h = revs.isEmpty() ? head : revs.get(1);
        Job request;
        try {
            request = new Job(new Base(tree, b, BaseReason.of(BaseReason.Kind.NAMED_ON_COMMAND_LINE)),
                    new Candidate.Revision(h),
                    jobs.profile(), jobs.topology(),
                    new ReplyRoute.NewThread(to == null ? cfg.mailing().treeReportTo() : to), true,
                    KernelBuilder.Code.TRUSTED);
        } catch (IllegalArgumentException e) {
            throw BadInput.of(e);
        }
        return reply.run(cfg, request);
    }
}
