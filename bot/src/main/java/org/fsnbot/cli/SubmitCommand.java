package org.fsnbot.cli;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.fsnbot.app.Application;
import org.fsnbot.app.Config;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.intake.PatchSeries;
import org.fsnbot.mail.DeliveryHooks;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.store.PatchState;
import org.fsnbot.store.WorkItem;
import org.fsnbot.store.WorkTarget;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * `fsnbot submit`: a unit queued by the operator, not by mail: a patch
 * series (from a file or lore) on a base, or a compare of two revisions.
 * The runners measure it as any other unit; a patch's report is answered
 * on its thread as a followed patch's is, a compare's goes to
 * treeReportTo in a thread of its own, both under the mailing settings.
 */
@Command(name = "submit", mixinStandardHelpOptions = true,
        description = "Queue a unit without mail: a patch series (--mbox, --msgid or --lore) on --tree at --base,"
                + " or a compare of --base and --head in --tree. It runs on the queue (or the fleet) like any other"
                + " unit; fsnbot queue shows it.")
public final class SubmitCommand implements Callable<Integer> {

    @Option(names = "--tree", required = true, description = "A tree the configuration names (bases or watch).")
    String tree;

    @Option(names = "--base", required = true, description = "The revision measured as base.")
    String base;

    /** Exactly one of: the head of a compare, or the patch. */
    static final class What {
        @Option(names = "--head", required = true, description = "Compare: the revision measured against --base.")
        String head;

        @ArgGroup(exclusive = false)
        PatchInput patch;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    What what;

    @Mixin
    ConfigOptions options;

    @Override
    public Integer call() throws Exception {
        Config cfg = options.load();
        List<String> trees = Stream.concat(cfg.sources().bases().stream().map(Base::tree),
                cfg.sources().watch().stream().map(w -> w.tree())).distinct().toList();
        BadInput.require(trees.contains(tree), "--tree " + TerminalText.safe(tree) + " is not a tree the"
                + " configuration names (bases or watch): " + String.join(", ", trees));
        for (String rev : what.head == null ? List.of(base) : List.of(base, what.head)) {
            BadInput.require(Base.plainRevision(rev), TerminalText.safe(rev) + ": not a revision name (a tag,"
                    + " branch or commit)");
        }
        try (Application app = Application.open(cfg, DeliveryHooks.NONE)) {
            Base b = new Base(tree, base, BaseReason.of(BaseReason.Kind.NAMED_ON_COMMAND_LINE));
            WorkItem item = what.head != null ? WorkItem.found("submit compare " + tree + " " + base + ".."
                    + what.head, base + ".." + what.head, new WorkTarget.Revision(what.head), b)
                    : series(app, cfg, b);
            Optional<Long> id = app.store().queue().enqueue(item);
            BadInput.require(id.isPresent(), "this was submitted before (" + item.key() + "): fsnbot requeue its"
                    + " unit to run it again");
            System.out.println("#" + id.get() + " " + item.title() + ": queued");
        }
        return ExitCodes.OK;
    }

    /** The series read, its mails kept as patches already queued (so no poll queues them again), as a unit. */
    private WorkItem series(Application app, Config cfg, Base b) throws java.io.IOException {
        PatchSeries s = what.patch.read(cfg, app.mboxReader()).series();
        List<PatchMail> mails = Stream.concat(s.coverLetter().stream(), s.patches().stream()).toList();
        for (PatchMail m : mails) {
            app.store().intake().keepAsPatch("submitted", m, PatchState.QUEUED);
        }
        List<String> ids = mails.stream().map(PatchMail::messageId).toList();
        String root = s.replyTarget().messageId();
        return WorkItem.found("submit series " + root, s.replyTarget().bareSubject(), new WorkTarget.Series(1, ids,
                List.of(), s.replyTarget().authorAddress() + " submitted " + root), b);
    }
}
