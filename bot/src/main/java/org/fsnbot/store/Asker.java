package org.fsnbot.store;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Who asked for a unit, and so where it stands in the queue: a
 * maintainer's command first, then fsnbot's own work and authenticated
 * authors' series, then everyone else's (a stranger's flood of patches
 * waits behind every unit a maintainer or author queues, whatever came
 * first). address: the asker's bare address, when someone asked.
 */
public record Asker(Optional<String> address, Standing standing) {

    /** Where a unit stands, front first; stored as its rank. */
    public enum Standing {
        /** An authenticated maintainer, reviewer or allowlisted address's command. */
        MAINTAINER(0),
        /** fsnbot's own finds (tree heads, heartbeats, bisections), an authenticated author's series. */
        OWN(1),
        /** A series whose sender nobody vouched for. */
        STRANGER(2);

        private final int rank;

        Standing(int rank) {
            this.rank = rank;
        }

        public int rank() {
            return rank;
        }

        /** The standing stored as rank; an unknown rank stands last. */
        public static Standing ofRank(int rank) {
            for (Standing s : values()) {
                if (s.rank == rank) {
                    return s;
                }
            }
            return STRANGER;
        }
    }

    /** fsnbot's own work: nobody asked. */
    public static final Asker OWN = new Asker(Optional.empty(), Standing.OWN);

    public Asker {
        Objects.requireNonNull(address);
        Objects.requireNonNull(standing);
        address = address.map(a -> a.trim().toLowerCase(Locale.ROOT));
    }

    public static Asker of(String address, Standing standing) {
        return new Asker(Optional.of(address), standing);
    }
}
