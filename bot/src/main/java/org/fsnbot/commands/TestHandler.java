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

/** `#fsnbot test <git-url> <branch-or-commit>`: that head against its merge base with the thread's base. */
public final class TestHandler implements CommandHandler<Command.Test> {

    private final WorkQueue queue;
    private final QueueEstimate estimate;
    private final List<String> urlPrefixes;

    /** urlPrefixes: the trees a test may name (commands.testUrlPrefixes); none allowed when empty. */
    public TestHandler(WorkQueue queue, QueueEstimate estimate, List<String> urlPrefixes) {
        this.queue = queue;
        this.estimate = estimate;
        this.urlPrefixes = List.copyOf(urlPrefixes);
    }

    @Override
    public CommandAnswer.Item handle(Command.Test t, Context ctx) {
        if (urlPrefixes.stream().noneMatch(t.url()::startsWith)) {
            return urlPrefixes.isEmpty() ? QueueEstimate.notRun(t, NotRun.NO_OTHER_TREES)
                    : QueueEstimate.notRun(t, NotRun.TREE_NOT_ALLOWED, Map.of("prefixes", urlPrefixes));
        }
        Optional<Base> tested = ctx.thread().work().flatMap(w -> w.base());
        if (tested.isEmpty()) {
            return QueueEstimate.notRun(t, NotRun.NO_BASE_TO_COMPARE);
        }
        String baseRev = tested.get().rev();
        Optional<Long> id = queue.enqueue(WorkItem.requested("test " + ctx.mail().messageId() + " " + ctx.index(),
                t.url() + " " + t.rev(), new WorkTarget.Revision(t.rev()), new Base(t.url(), baseRev,
                        BaseReason.of(BaseReason.Kind.THREAD_SERIES_BASE)),
                new RunOptions(List.of(), 0, "", "", true, t.line()), ctx.mail().messageId()),
                CommandHandler.asker(ctx));
        return estimate.accepted(t, id, "test-accepted", Map.of("rev", t.rev(), "url", t.url(), "base", baseRev));
    }
}
