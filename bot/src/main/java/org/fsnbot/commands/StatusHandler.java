package org.fsnbot.commands;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fsnbot.report.CommandAnswer;
import org.fsnbot.store.Work;
import org.fsnbot.store.WorkQueue;
import org.fsnbot.store.WorkState;

/** `#fsnbot status`: what is queued or done for the thread, one line per unit. */
public final class StatusHandler implements CommandHandler<Command.Status> {

    private final WorkQueue queue;

    public StatusHandler(WorkQueue queue) {
        this.queue = queue;
    }

    @Override
    public CommandAnswer.Item handle(Command.Status x, Context ctx) {
        List<Map<String, Object>> lines = new ArrayList<>();
        for (Work w : ctx.thread().work().map(t -> queue.touching(t.messageIds())).orElse(List.of())) {
            Map<String, Object> line = new HashMap<>();
            line.put("id", w.id());
            line.put("kind", w.kind().name().toLowerCase(Locale.ROOT));
            line.put("state", w.state().stored());
            line.put("queued", w.state() == WorkState.QUEUED);
            line.put("ahead", w.state() == WorkState.QUEUED ? queue.position(w.id()) : 0);
            line.put("detail", w.detail() == null ? "" : w.detail());
            line.put("hasDetail", w.detail() != null);
            lines.add(line);
        }
        return new CommandAnswer.Item(x.line(), CommandAnswer.Outcome.DONE, "status", Map.of("work", lines));
    }
}
