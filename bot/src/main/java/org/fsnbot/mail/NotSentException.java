package org.fsnbot.mail;

import java.io.IOException;

/**
 * The server certainly does not have the mail: the connection, the login
 * or the envelope failed before any message data was sent. Such a failure
 * is not an interrupted attempt, so it does not use up the one retry.
 */
public final class NotSentException extends IOException {
    private static final long serialVersionUID = 1L;

    public NotSentException(String message, Throwable cause) {
        super(message, cause);
    }
}
