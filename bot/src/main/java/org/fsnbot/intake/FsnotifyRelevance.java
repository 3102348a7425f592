package org.fsnbot.intake;

import java.util.function.Supplier;

/**
 * Whether a mail is an fsnotify patch: some path its own diff touches
 * matches the F: patterns of the FSNOTIFY, FANOTIFY and INOTIFY entries.
 * Mentioning fsnotify in prose, or quoting someone else's diff, does not
 * count.
 */
public final class FsnotifyRelevance {

    private final Supplier<MaintainersPatterns> patterns;

    public FsnotifyRelevance(MaintainersPatterns patterns) {
        this(() -> patterns);
    }

    /** Patterns that may change while fsnbot runs (MAINTAINERS read once its tree can be reached). */
    public FsnotifyRelevance(Supplier<MaintainersPatterns> patterns) {
        this.patterns = patterns;
    }

    public boolean isFsnotifyPatch(PatchMail m) {
        MaintainersPatterns p = patterns.get();
        return m.diffPaths().stream().anyMatch(p::matches);
    }
}
