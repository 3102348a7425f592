package org.fsnbot.testbed;

/** How many pairs of boots a measurement may take: booted at first, and at most. */
public record Budget(int initialPairs, int maxPairs) {
    public Budget {
        if (initialPairs < 1 || maxPairs < initialPairs) {
            throw new IllegalArgumentException("need 1 <= initialPairs <= maxPairs: " + initialPairs + ", "
                    + maxPairs);
        }
    }
}
