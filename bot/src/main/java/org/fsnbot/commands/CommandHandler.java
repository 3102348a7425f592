package org.fsnbot.commands;

import org.fsnbot.intake.PatchMail;
import org.fsnbot.report.CommandAnswer;

/** What one command does once it is allowed, and the answer it gives. */
@FunctionalInterface
public interface CommandHandler<C extends Command> {

    /**
     * The mail a command came in, its place among the mail's commands (from
     * 1), its thread, and where what it queues stands (Authoriser.standing).
     */
    record Context(PatchMail mail, int index, CommandThread thread, org.fsnbot.store.Asker.Standing standing) {
        public Context {
            java.util.Objects.requireNonNull(standing);
        }
    }

    CommandAnswer.Item handle(C command, Context ctx);

    /**
     * Who asked, as the queue ranks it: a command reaches a handler only
     * from an authenticated maintainer, reviewer or allowlisted address
     * (whose units stand first) or the series' own author (whose stand with
     * authors' series, behind every maintainer's).
     */
    static org.fsnbot.store.Asker asker(Context ctx) {
        return org.fsnbot.store.Asker.of(org.fsnbot.intake.Addresses.bare(ctx.mail().from()), ctx.standing());
    }
}
