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
}
