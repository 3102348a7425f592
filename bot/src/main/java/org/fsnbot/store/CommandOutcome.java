package org.fsnbot.store;

/**
 * What became of one command line, as the command log (and its rate limits)
 * count it; ANSWERED is logged once per answer mail sent to an
 * authenticated sender, ANSWERED_STRANGER once per answer sent for anyone
 * else: the two answers limits, so strangers cannot use up the answers
 * maintainers get.
 */
public enum CommandOutcome {
    ACCEPTED, DONE, REFUSED, LIMITED, ERROR, ANSWERED, ANSWERED_STRANGER;

    public String stored() {
        return StoredName.of(this);
    }
}
