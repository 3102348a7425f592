package org.fsnbot.health;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * This process as its health endpoint reports it: its role (coordinator
 * or runner) and name, whether it still runs (its scheduler is not shut
 * down), and, if it cannot take work now, why (its name lost, drained,
 * paused after a refused claim).
 */
public record Node(String role, String name, Supplier<Boolean> running, Supplier<Optional<String>> notReady) {
    public Node {
        Objects.requireNonNull(role);
        Objects.requireNonNull(name);
        Objects.requireNonNull(running);
        Objects.requireNonNull(notReady);
        if (!role.matches("coordinator|runner")) {
            throw new IllegalArgumentException("a node is a coordinator or a runner: " + role);
        }
    }
}
