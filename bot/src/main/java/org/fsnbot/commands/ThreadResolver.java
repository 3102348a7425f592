package org.fsnbot.commands;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.store.MailLog;
import org.fsnbot.store.Work;
import org.fsnbot.store.WorkQueue;

/**
 * Finds the thread a command mail is about from its References, nearest
 * first: one of our replies (and the job it reported on, or the command
 * it answered), or a patch whose work fsnbot queued or did. Either makes
 * the thread one fsnbot takes commands on: a maintainer replying on a
 * patch fsnbot tested but answered quietly (nothing found) is heard too.
 */
public final class ThreadResolver {

    private final MailLog mails;
    private final WorkQueue queue;

    public ThreadResolver(MailLog mails, WorkQueue queue) {
        this.mails = mails;
        this.queue = queue;
    }

    public CommandThread resolve(PatchMail m) {
        List<String> refs = new ArrayList<>(m.references());
        Collections.reverse(refs);
        return resolve(refs);
    }

    /** The thread a command names by message-id (an off-thread command: `#fsnbot status <lore link>`). */
    public CommandThread named(String messageId) {
        return resolve(List.of(messageId));
    }

    /** refs nearest first. */
    private CommandThread resolve(List<String> refs) {
        boolean ours = false;
        Optional<Work> work = Optional.empty();
        List<Work> all = queue.all();
        for (String ref : refs) {
            Optional<MailLog.OwnMail> own = mails.own(ref);
            if (own.isPresent()) {
                ours = true;
                if (work.isEmpty() && own.get().jobId().isPresent()) {
                    work = queue.byJob(own.get().jobId().get());
                }
                if (work.isEmpty()) {
                    work = all.stream().filter(w -> w.answerTo().map(ref::equals).orElse(false)).findFirst();
                }
            }
            if (work.isEmpty()) {
                work = all.stream().filter(w -> w.touches(List.of(ref))).findFirst();
            }
        }
        return new CommandThread(ours || work.isPresent(), work);
    }
}
