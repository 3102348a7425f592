package org.fsnbot.commands;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.plan.RunOptions;
import org.fsnbot.report.CommandAnswer;
import org.fsnbot.store.WorkItem;
import org.fsnbot.store.WorkQueue;
import org.fsnbot.store.WorkTarget;

/** `#fsnbot compare <rev> <rev>`: the second revision against the first, in the thread's tree. */
public final class CompareHandler implements CommandHandler<Command.Compare> {

    private final WorkQueue queue;
    private final String defaultTree;
    private final QueueEstimate estimate;

    public CompareHandler(WorkQueue queue, String defaultTree, QueueEstimate estimate) {
        this.queue = queue;
        this.defaultTree = defaultTree;
        this.estimate = estimate;
    }

    @Override
    public CommandAnswer.Item handle(Command.Compare k, Context ctx) {
        String tree = ctx.thread().work().flatMap(w -> w.base()).map(Base::tree).orElse(defaultTree);
        Optional<Long> id = queue.enqueue(WorkItem.requested("compare " + ctx.mail().messageId() + " " + ctx.index(),
                k.base() + ".." + k.head(), new WorkTarget.Revision(k.head()), new Base(tree, k.base(),
                        BaseReason.of(BaseReason.Kind.NAMED_IN_COMMAND)),
                new RunOptions(List.of(), 0, "", "", false, k.line()),
                ctx.mail().messageId()), CommandHandler.asker(ctx));
        return estimate.accepted(k, id, "compare-accepted", Map.of("head", k.head(), "base", k.base(), "tree", tree));
    }
}
