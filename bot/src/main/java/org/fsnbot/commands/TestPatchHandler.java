package org.fsnbot.commands;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.plan.RunOptions;
import org.fsnbot.report.CommandAnswer;
import org.fsnbot.store.IntakeLedger;
import org.fsnbot.store.PatchState;
import org.fsnbot.store.WorkItem;
import org.fsnbot.store.WorkQueue;
import org.fsnbot.store.WorkTarget;

/**
 * `#fsnbot test` (or `test:`, as syzbot's users type it) with the patch
 * inline in the same mail: that patch on the base of the thread's series,
 * a series of one whose report answers the command mail.
 */
public final class TestPatchHandler implements CommandHandler<Command.TestPatch> {

    private final WorkQueue queue;
    private final IntakeLedger ledger;
    private final QueueEstimate estimate;

    public TestPatchHandler(WorkQueue queue, IntakeLedger ledger, QueueEstimate estimate) {
        this.queue = queue;
        this.ledger = ledger;
        this.estimate = estimate;
    }

    @Override
    public CommandAnswer.Item handle(Command.TestPatch t, Context ctx) {
        PatchMail mail = ctx.mail();
        if (!mail.hasDiff() || mail.diffPaths().isEmpty()) {
            return QueueEstimate.notRun(t, NotRun.NO_INLINE_PATCH);
        }
        Optional<Base> base = ctx.thread().work().flatMap(w -> w.base());
        if (base.isEmpty()) {
            return QueueEstimate.notRun(t, NotRun.NO_BASE_TO_APPLY);
        }
        // Kept as a patch mail already queued, so the series queuer never takes it up on its own.
        ledger.keepAsPatch("command", mail, PatchState.QUEUED);
        String title = "inline patch: " + mail.bareSubject();
        Optional<Long> id = queue.enqueue(WorkItem.requested("test-patch " + mail.messageId() + " " + ctx.index(),
                title, new WorkTarget.Series(1, List.of(mail.messageId()), List.of(), mail.authorAddress()
                        + " inline " + mail.messageId()), new Base(base.get().tree(), base.get().rev(),
                        BaseReason.of(BaseReason.Kind.THREAD_SERIES_BASE)),
                new RunOptions(List.of(), 0, "", "", true, t.line()),
                mail.messageId()), CommandHandler.asker(ctx));
        return estimate.accepted(t, id, "test-patch-accepted", Map.of("files", mail.diffPaths().size(), "base",
                base.get().rev()));
    }
}
