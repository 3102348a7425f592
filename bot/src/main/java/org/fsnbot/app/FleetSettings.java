package org.fsnbot.app;

import java.util.Objects;

/**
 * The fleet's cluster (Quartz on the shared store): how often each node
 * checks in (a dead node's work moves after about twice that), and the
 * class a job goes to when no runner class fits it (empty: this runner's).
 */
public record FleetSettings(int checkinSeconds, String defaultClass) {
    public FleetSettings {
        if (checkinSeconds < 1 || checkinSeconds > 600) {
            throw new IllegalArgumentException("fleet.checkinSeconds must be in 1..600: " + checkinSeconds);
        }
        Objects.requireNonNull(defaultClass);
    }
}
