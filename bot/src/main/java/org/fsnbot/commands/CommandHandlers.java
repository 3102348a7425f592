package org.fsnbot.commands;

import java.util.Objects;
import org.fsnbot.report.CommandAnswer;

/** The handler of each command, and the dispatch from a parsed command to its handler. */
public record CommandHandlers(RerunHandler rerun, TestHandler test, TestPatchHandler testPatch,
        CompareHandler compare, CancelHandler cancel, StatusHandler status, HelpHandler help) {

    public CommandHandlers {
        Objects.requireNonNull(rerun);
        Objects.requireNonNull(test);
        Objects.requireNonNull(testPatch);
        Objects.requireNonNull(compare);
        Objects.requireNonNull(cancel);
        Objects.requireNonNull(status);
        Objects.requireNonNull(help);
    }

    public CommandAnswer.Item handle(Command c, CommandHandler.Context ctx) {
        if (c instanceof Command.Rerun r) {
            return rerun.handle(r, ctx);
        }
        if (c instanceof Command.Test t) {
            return test.handle(t, ctx);
        }
        if (c instanceof Command.TestPatch p) {
            return testPatch.handle(p, ctx);
        }
        if (c instanceof Command.Compare k) {
            return compare.handle(k, ctx);
        }
        if (c instanceof Command.Cancel x) {
            return cancel.handle(x, ctx);
        }
        if (c instanceof Command.Status s) {
            return status.handle(s, ctx);
        }
        return help.handle((Command.Help) c, ctx);
    }
}
