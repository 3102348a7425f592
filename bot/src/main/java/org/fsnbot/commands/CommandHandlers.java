package org.fsnbot.commands;

import java.util.Objects;
import org.fsnbot.report.CommandAnswer;

/** The handler of each command, and the dispatch from a parsed command to its handler. */
public record CommandHandlers(Measuring measuring, CancelHandler cancel, StatusHandler status, HelpHandler help) {

    /** The handlers of the commands that queue measurements (and so count against the limits). */
    public record Measuring(RerunHandler rerun, TestHandler test, TestPatchHandler testPatch, CompareHandler compare,
            BisectHandler bisect) {
        public Measuring {
            Objects.requireNonNull(rerun);
            Objects.requireNonNull(test);
            Objects.requireNonNull(testPatch);
            Objects.requireNonNull(compare);
            Objects.requireNonNull(bisect);
        }
    }

    public CommandHandlers {
        Objects.requireNonNull(measuring);
        Objects.requireNonNull(cancel);
        Objects.requireNonNull(status);
        Objects.requireNonNull(help);
    }

    public CommandAnswer.Item handle(Command c, CommandHandler.Context ctx) {
        if (c instanceof Command.Rerun r) {
            return measuring.rerun().handle(r, ctx);
        }
        if (c instanceof Command.Test t) {
            return measuring.test().handle(t, ctx);
        }
        if (c instanceof Command.TestPatch p) {
            return measuring.testPatch().handle(p, ctx);
        }
        if (c instanceof Command.Compare k) {
            return measuring.compare().handle(k, ctx);
        }
        if (c instanceof Command.Bisect b) {
            return measuring.bisect().handle(b, ctx);
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
