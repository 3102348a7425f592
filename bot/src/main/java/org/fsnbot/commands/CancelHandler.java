package org.fsnbot.commands;

import java.util.List;
import java.util.Map;
import org.fsnbot.report.CommandAnswer;
import org.fsnbot.store.Work;
import org.fsnbot.store.WorkQueue;
import org.fsnbot.store.WorkState;

/** `#fsnbot cancel`: drops the thread's queued runs. */
public final class CancelHandler implements CommandHandler<Command.Cancel> {

    private final WorkQueue queue;

    public CancelHandler(WorkQueue queue) {
        this.queue = queue;
    }

    @Override
    public CommandAnswer.Item handle(Command.Cancel x, Context ctx) {
        List<Long> queued = ctx.thread().work().map(w -> queue.touching(w.messageIds())).orElse(List.of()).stream()
                .filter(w -> w.state() == WorkState.QUEUED).map(Work::id).toList();
        int n = queue.cancel(queued, "cancelled by #fsnbot cancel");
        return new CommandAnswer.Item(x.line(), CommandAnswer.Outcome.DONE, "cancelled", Map.of("n", n));
    }
}
