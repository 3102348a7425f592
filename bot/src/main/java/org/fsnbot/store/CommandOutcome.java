package org.fsnbot.store;

/** What became of one command line, as the command log (and its rate limits) count it. */
public enum CommandOutcome {
    ACCEPTED, DONE, REFUSED, LIMITED, ERROR;

    public String stored() {
        return StoredName.of(this);
    }
}
