package org.fsnbot.job;

import java.io.IOException;
import java.util.function.Function;

/**
 * A phase's result: the value the next phase takes, or the end of the job
 * (a patch that does not apply, a build that fails, a failed boot or
 * gate). Phases chain with then(); the first stop passes through the rest.
 */
public sealed interface Step<T> {

    /** The job goes on with this value. */
    record Next<T>(T value) implements Step<T> {
    }

    /** The job ends here, without a performance verdict. */
    record Stop<T>(Ending ending) implements Step<T> {
    }

    /** A phase: the previous result in, its own result (or a stop) out. */
    @FunctionalInterface
    interface Phase<I, O> {
        Step<O> run(I in) throws IOException;
    }

    static <T> Step<T> next(T value) {
        return new Next<>(value);
    }

    static <T> Step<T> stop(Finding finding, Reached reached) {
        return new Stop<>(new Ending(finding, reached));
    }

    /** The next phase on this step's value; a stop is passed on unchanged. */
    default <U> Step<U> then(Phase<T, U> phase) throws IOException {
        if (this instanceof Next<T> n) {
            return phase.run(n.value());
        }
        return new Stop<>(((Stop<T>) this).ending());
    }

    /** How the job ends: the last phase's value made into an ending, or the stop. */
    default Ending end(Function<T, Ending> last) {
        if (this instanceof Next<T> n) {
            return last.apply(n.value());
        }
        return ((Stop<T>) this).ending();
    }
}
