package org.fsnbot.store;

import java.util.List;
import java.util.Objects;

/**
 * What a unit of work measures against its base: a series of patch mails,
 * another revision of the tree, or the commits between the base (good) and
 * a bad revision, bisected (docs/bisect.md).
 */
public sealed interface WorkTarget {

    /**
     * One revision of a series: its own mails (cover letter first, then
     * the patches in order) and the patches its prerequisite-patch-id
     * lines named, applied first. Its lineage says whose series it is (the
     * author's address and b4's change-id or the title): a later revision
     * supersedes only its own lineage.
     */
    record Series(int revision, List<String> messageIds, List<String> prerequisiteIds, String lineage)
            implements WorkTarget {
        public Series {
            if (revision < 1) {
                throw new IllegalArgumentException("revision must be >= 1");
            }
            Objects.requireNonNull(lineage, "lineage");
            messageIds = List.copyOf(messageIds);
            prerequisiteIds = List.copyOf(prerequisiteIds);
        }
    }

    /** The commits from the base (good) to bad, bisected: a tree regression's, or #fsnbot bisect. */
    record Bisect(String bad) implements WorkTarget {
        public Bisect {
            if (bad == null || bad.isBlank()) {
                throw new IllegalArgumentException("a bisection needs its bad revision");
            }
        }
    }

    /** A revision of the base's tree (a watched branch's head, #fsnbot test or compare). */
    record Revision(String head) implements WorkTarget {
        public Revision {
            if (head == null || head.isBlank()) {
                throw new IllegalArgumentException("a revision target needs a head");
            }
        }
    }
}
