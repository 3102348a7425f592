package org.fsnbot.commands;

import java.util.Map;
import java.util.Optional;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.plan.RunOptions;
import org.fsnbot.report.CommandAnswer;
import org.fsnbot.store.WorkItem;
import org.fsnbot.store.WorkQueue;
import org.fsnbot.store.WorkTarget;

/**
 * `#fsnbot bisect <good> <bad> [workloads=a,b]`: the commits between the
 * two revisions of the thread's tree bisected (docs/bisect.md), the
 * report a reply to the command mail.
 */
public final class BisectHandler implements CommandHandler<Command.Bisect> {

    private final WorkQueue queue;
    private final String defaultTree;
    private final QueueEstimate estimate;

    public BisectHandler(WorkQueue queue, String defaultTree, QueueEstimate estimate) {
        this.queue = queue;
        this.defaultTree = defaultTree;
        this.estimate = estimate;
    }

    @Override
    public CommandAnswer.Item handle(Command.Bisect b, Context ctx) {
        String tree = ctx.thread().work().flatMap(w -> w.base()).map(Base::tree).orElse(defaultTree);
        Optional<Long> id = queue.enqueue(WorkItem.requested("bisect " + ctx.mail().messageId() + " " + ctx.index(),
                "bisect " + b.good() + ".." + b.bad(), new WorkTarget.Bisect(b.bad()), new Base(tree, b.good(),
                        BaseReason.of(BaseReason.Kind.NAMED_IN_COMMAND)),
                new RunOptions(b.workloads(), 0, "", "", false,
                                b.line()), ctx.mail().messageId()), CommandHandler.asker(ctx));
        return estimate.accepted(b, id, "bisect-accepted", Map.of("good", b.good(), "bad", b.bad(), "tree", tree));
    }
}
