package org.fsnbot.store;

import java.sql.SQLException;
import java.util.Optional;

/**
 * The fleet's database refused the configured login (a wrong password, an
 * unknown user, no pg_hba.conf line for this host): the configuration's
 * to fix, so the command says so in one sentence and exits 2.
 */
public final class StoreLoginRefused extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private StoreLoginRefused(String message, Throwable cause) {
        super(message, cause);
    }

    /** pgjdbc's "connection rejected": a login it would not even try (no password for SCRAM). */
    static final String REJECTED = "08004";

    /** What open makes, or, when the server refused the login, this saying so. */
    static <T> T saying(String url, String user, java.util.function.Supplier<T> open) {
        try {
            return open.get();
        } catch (RuntimeException e) {
            throw from(e, url, user).map(RuntimeException.class::cast).orElse(e);
        }
    }

    /** e as a refused login, when that is what the server said (SQLState class 28, invalid authorization, or 08004). */
    static Optional<StoreLoginRefused> from(Throwable e, String url, String user) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException s && s.getSQLState() != null && (s.getSQLState().startsWith("28")
                    || s.getSQLState().equals(REJECTED))) {
                return Optional.of(new StoreLoginRefused("the database at " + url.replaceFirst("\\?.*", "")
                        + " refused user " + user + ": " + s.getMessage().lines().findFirst().orElse("")
                        + " (check store.user and the password in store.passwordEnv's variable)", e));
            }
        }
        return Optional.empty();
    }
}
