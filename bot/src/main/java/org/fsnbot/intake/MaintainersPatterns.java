package org.fsnbot.intake;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.treewalk.TreeWalk;

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
        Path gitDir = Files.isDirectory(repo.resolve(".git")) ? repo.resolve(".git") : repo;
        try (Repository r = new FileRepositoryBuilder().setGitDir(gitDir.toFile()).setMustExist(true).build();
                RevWalk walk = new RevWalk(r)) {
            ObjectId id = r.resolve(rev + "^{commit}");
            if (id == null) {
                throw new IOException(repo + ": no revision " + rev);
            }
            return atCommit(r, walk.parseCommit(id));
        }
    }

    static MaintainersPatterns atCommit(Repository r, RevCommit commit) throws IOException {
        try (TreeWalk tw = TreeWalk.forPath(r, "MAINTAINERS", commit.getTree())) {
            if (tw == null) {
                throw new IOException("no MAINTAINERS file at " + commit.getName()
                        + ": cannot tell which paths are fsnotify's");
            }
            String text = new String(r.open(tw.getObjectId(0), Constants.OBJ_BLOB).getBytes(), StandardCharsets.UTF_8);
            return parse(text, FSNOTIFY_ENTRIES);
        }
    }

    /**
     * Reads the F: lines of the entries whose title starts with one of the
     * given names (MAINTAINERS titles run on, e.g. "FSNOTIFY: FILESYSTEM
     * NOTIFICATION INFRASTRUCTURE").
     */
    public static MaintainersPatterns parse(String maintainers, Set<String> entries) {
        List<String> globs = new ArrayList<>();
        boolean in = false;
        for (String line : maintainers.split("\n")) {
            if (line.isBlank()) {
                in = false;
            } else if (!line.matches("^[A-Z]:\\s.*") && !line.startsWith("\t")) {
                String title = line.trim();
                in = entries.stream().anyMatch(e -> title.equals(e) || title.startsWith(e + ":")
                        || title.startsWith(e + " "));
            } else if (in && line.startsWith("F:")) {
                globs.add(line.substring(2).trim());
            }
        }
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
