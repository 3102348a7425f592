package org.fsnbot.intake;

/**
 * Whether a mail is an fsnotify patch: some path its own diff touches
 * matches the F: patterns of the FSNOTIFY, FANOTIFY and INOTIFY entries.
 * Mentioning fsnotify in prose, or quoting someone else's diff, does not
 * count.
 */
public final class FsnotifyRelevance {

    private final MaintainersPatterns patterns;

    public FsnotifyRelevance(MaintainersPatterns patterns) {
        this.patterns = patterns;
    }

    public boolean isFsnotifyPatch(PatchMail m) {
        return m.diffPaths().stream().anyMatch(patterns::matches);
    }
}
