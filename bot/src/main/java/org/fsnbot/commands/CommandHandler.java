package org.fsnbot.commands;

import org.fsnbot.intake.PatchMail;
import org.fsnbot.report.CommandAnswer;

/** What one command does once it is allowed, and the answer it gives. */
@FunctionalInterface
public interface CommandHandler<C extends Command> {

    /** The mail a command came in, its place among the mail's commands (from 1), and its thread. */
    record Context(PatchMail mail, int index, CommandThread thread) {
    }

    CommandAnswer.Item handle(C command, Context ctx);

    /**
     * Who asked, as the queue ranks it: a command reaches a handler only
     * from an authenticated maintainer, reviewer, allowlisted address or
     * the series' own author, so its units stand first.
     */
    static org.fsnbot.store.Asker asker(Context ctx) {
        return org.fsnbot.store.Asker.of(org.fsnbot.intake.Addresses.bare(ctx.mail().from()),
                org.fsnbot.store.Asker.Standing.MAINTAINER);
    }
}
