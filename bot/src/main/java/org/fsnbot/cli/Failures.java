package org.fsnbot.cli;

import org.fsnbot.app.NothingHere;
import org.fsnbot.git.TreeException;
import org.fsnbot.plan.UnknownWorkload;
import org.fsnbot.store.StoreLoginRefused;
import picocli.CommandLine;

/**
 * How a command that threw ends: its exit code (picocli's exit-code
 * mapping) and the one sentence the operator reads. An operator's mistake
 * (bad input or configuration, a tree or revision that is not there) exits
 * ExitCodes.BAD_INPUT; anything else is fsnbot's trouble, ExitCodes.TROUBLE,
 * never a verdict. The stack trace is for --verbose, and for a failure
 * fsnbot did not foresee (a bug), which says so.
 */
final class Failures implements CommandLine.IExitCodeExceptionMapper {

    @Override
    public int getExitCode(Throwable e) {
        return mistake(unwrapped(e)) ? ExitCodes.BAD_INPUT : ExitCodes.TROUBLE;
    }

    /** An I/O failure carried through code that cannot throw it is that failure. */
    static Throwable unwrapped(Throwable e) {
        return e instanceof java.io.UncheckedIOException u ? u.getCause() : e;
    }

    /** Whether e is the operator's to fix: the input, the configuration, a tree or revision named. */
    static boolean mistake(Throwable e) {
        if (e instanceof BadInput || e instanceof UnknownWorkload || e instanceof StoreLoginRefused
                || e instanceof NothingHere) {
            return true;
        }
        if (e instanceof TreeException t) {
            return switch (t.kind()) {
                case NOT_A_REPOSITORY, NO_SUCH_TREE, NO_SUCH_REVISION, NO_SHARED_HISTORY -> true;
                case UNREACHABLE, OVER_TRANSFER_LIMITS -> false;
            };
        }
        return false;
    }

    /** Whether fsnbot knows this failure's kind (its message is the whole story, no trace needed). */
    static boolean foreseen(Throwable thrown) {
        Throwable e = unwrapped(thrown);
        return mistake(e) || e instanceof TreeException || e instanceof java.io.IOException
                || org.fsnbot.store.Patience.outage(e);
    }

    /** The line the operator reads. */
    static String sentence(Throwable thrown) {
        Throwable e = unwrapped(thrown);
        String m = e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName() : e.getMessage();
        String first = m.lines().findFirst().orElse(m);
        return mistake(e) ? first : "fsnbot could not finish: " + first;
    }
}
