package org.fsnbot.store;

/**
 * The database failed (unreachable, full, a constraint broken by a bug).
 * Unchecked: no caller can do anything about it but give up the unit of
 * work at hand, which the loops do; SQLException never leaves the store.
 */
public final class StoreException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    StoreException(String what, Throwable cause) {
        super(what + ": " + cause.getMessage(), cause);
    }
}
