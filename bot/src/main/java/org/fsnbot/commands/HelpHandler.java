package org.fsnbot.commands;

import org.fsnbot.report.CommandAnswer;

/** `#fsnbot help`: the answer points at the command list every such answer carries. */
public final class HelpHandler implements CommandHandler<Command.Help> {

    @Override
    public CommandAnswer.Item handle(Command.Help h, Context ctx) {
        return CommandAnswer.Item.of(h.line(), CommandAnswer.Outcome.DONE, "help");
    }
}
