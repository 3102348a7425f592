package org.fsnbot.cli;

/**
 * The input or the configuration is bad: nothing was done, the message
 * says what is wrong. Main prints it and exits with ExitCodes.BAD_INPUT,
 * so a command checks its input by throwing this and nothing else. Only
 * this exception means bad input: an IllegalArgumentException from deep
 * inside a job is a bug and exits as one.
 */
final class BadInput extends RuntimeException {

    private static final long serialVersionUID = 1L;

    BadInput(String message) {
        super(message);
    }

    BadInput(String message, Throwable cause) {
        super(message, cause);
    }

    /** Input the value types rejected (their constructors validate): the same message, as bad input. */
    static BadInput of(Exception rejected) {
        return new BadInput(rejected.getMessage(), rejected);
    }

    /** Fails with this message unless the condition holds. */
    static void require(boolean condition, String message) {
        if (!condition) {
            throw new BadInput(message);
        }
    }
}
