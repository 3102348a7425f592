package org.fsnbot.store;

/**
 * Where a unit of work stands: queued, running (on a runner), then done,
 * failed (no verdict, the error kept), cancelled (superseded or by
 * command), incomplete (a series whose parts never all arrived), or a
 * dead letter (fsnbot kept dying while running it; the operator decides).
 */
public enum WorkState {
    QUEUED, RUNNING, DONE, FAILED, CANCELLED, INCOMPLETE, DEAD_LETTER;

    public String stored() {
        return StoredName.of(this);
    }
}
