package org.fsnbot.intake;

/** Input that is not a usable patch mail; the message says what is wrong. */
public class MalformedMailException extends Exception {
    private static final long serialVersionUID = 1L;

    public MalformedMailException(String message) {
        super(message);
    }

    public MalformedMailException(String message, Throwable cause) {
        super(message, cause);
    }
}
