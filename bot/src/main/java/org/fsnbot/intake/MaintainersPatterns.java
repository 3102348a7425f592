package org.fsnbot.intake;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The F: patterns of chosen MAINTAINERS entries, matched the way
 * scripts/get_maintainer.pl does: a pattern ending in / covers the whole
 * subtree, * and ? match within one path component only.
 */
public final class MaintainersPatterns {

    /** The entries whose files make a patch an fsnotify patch. */
    public static final Set<String> FSNOTIFY_ENTRIES = Set.of("FSNOTIFY", "FANOTIFY", "INOTIFY");

    private final List<Pattern> patterns;
    private final List<String> sources;

    private MaintainersPatterns(List<String> globs) {
        this.sources = List.copyOf(globs);
        List<Pattern> p = new ArrayList<>();
        for (String g : globs) {
            p.add(compile(g));
        }
        this.patterns = List.copyOf(p);
    }

    /** The fsnotify patterns of the MAINTAINERS file at a commit of a repository (bare or not). */
    public static MaintainersPatterns atRevision(Path repo, String rev) throws IOException {
        return parse(MaintainersFile.read(repo, rev), FSNOTIFY_ENTRIES);
    }

    /**
     * Reads the F: lines of the entries whose title starts with one of the
     * given names (MAINTAINERS titles run on, e.g. "FSNOTIFY: FILESYSTEM
     * NOTIFICATION INFRASTRUCTURE").
     */
    public static MaintainersPatterns parse(String maintainers, Set<String> entries) {
        List<String> globs = MaintainersFile.fields(maintainers, entries, 'F');
        if (globs.isEmpty()) {
            throw new IllegalArgumentException("MAINTAINERS has no F: lines for " + entries);
        }
        return new MaintainersPatterns(globs);
    }

    public List<String> globs() {
        return sources;
    }

    public boolean matches(String path) {
        for (Pattern p : patterns) {
            if (p.matcher(path).matches()) {
                return true;
            }
        }
        return false;
    }

    static Pattern compile(String glob) {
        StringBuilder re = new StringBuilder();
        for (char c : glob.toCharArray()) {
            switch (c) {
                case '*' -> re.append("[^/]*");
                case '?' -> re.append("[^/]");
                default -> re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        if (glob.endsWith("/")) {
            re.append(".*");
        }
        return Pattern.compile(re.toString());
    }
}
