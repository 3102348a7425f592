package org.fsnbot.store;

/**
 * Where a unit of work stands: queued, running (on a runner), then done,
 * failed (no verdict, the error kept), cancelled (superseded or by
 * command), or incomplete (a series whose parts never all arrived).
 */
public enum WorkState {
    QUEUED, RUNNING, DONE, FAILED, CANCELLED, INCOMPLETE;

    public String stored() {
        return StoredName.of(this);
    }
}
