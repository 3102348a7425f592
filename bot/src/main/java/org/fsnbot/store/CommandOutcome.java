package org.fsnbot.store;

/**
 * What became of one command line, as the command log (and its rate limits)
 * count it; ANSWERED is logged once per answer mail (the answers limit).
 */
public enum CommandOutcome {
    ACCEPTED, DONE, REFUSED, LIMITED, ERROR, ANSWERED;

    public String stored() {
        return StoredName.of(this);
    }
}
