package org.fsnbot.store;

/**
 * Where a kept patch mail stands: pending (waiting for its series), queued
 * (its series is work), superseded (a newer revision came), ignored (no
 * fsnotify part, or a cover nobody answered), incomplete.
 */
public enum PatchState {
    PENDING, QUEUED, SUPERSEDED, IGNORED, INCOMPLETE;

    public String stored() {
        return StoredName.of(this);
    }
}
