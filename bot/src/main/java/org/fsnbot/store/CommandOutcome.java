package org.fsnbot.store;

/**
 * What became of one command line, as the command log (and its rate limits)
 * count it; ANSWERED is logged once per answer mail sent to an
 * authenticated sender, ANSWERED_STRANGER once per answer sent for anyone
 * else: the two answers limits, so strangers cannot use up the answers
 * maintainers get.
 */
public enum CommandOutcome {
    ACCEPTED, DONE, REFUSED, LIMITED, ERROR, ANSWERED, ANSWERED_STRANGER,
    /** An answer sent for an authenticated sender who is not a maintainer (any webmail is DKIM-signed). */
    ANSWERED_SIGNED,
    /** A measuring command accepted from a series' author on their own thread, not a maintainer. */
    ACCEPTED_AUTHOR,
    /** An answer sent for a series' author (authenticated, no maintainer) on their own thread. */
    ANSWERED_AUTHOR;

    public String stored() {
        return StoredName.of(this);
    }
}
