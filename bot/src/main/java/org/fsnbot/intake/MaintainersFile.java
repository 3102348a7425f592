package org.fsnbot.intake;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.fsnbot.git.Repositories;

/**
 * The kernel's MAINTAINERS file: read from a tree at a revision, and the
 * values of one field letter (F:, M:, R:) in chosen entries. Entry titles
 * run on ("FSNOTIFY: FILESYSTEM NOTIFICATION INFRASTRUCTURE"), so an entry
 * is chosen by the start of its title.
 */
public final class MaintainersFile {

    private MaintainersFile() {
    }

    public static String read(Path repo, String rev) throws IOException {
        try (Repository r = Repositories.open(repo); RevWalk walk = new RevWalk(r)) {
            ObjectId id = r.resolve(rev + "^{commit}");
            if (id == null) {
                throw new IOException(repo + ": no revision " + rev);
            }
            return read(r, walk.parseCommit(id));
        }
    }

    static String read(Repository r, RevCommit commit) throws IOException {
        try (TreeWalk tw = TreeWalk.forPath(r, "MAINTAINERS", commit.getTree())) {
            if (tw == null) {
                throw new IOException("no MAINTAINERS file at " + commit.getName()
                        + ": cannot tell which paths are fsnotify's");
            }
            return new String(r.open(tw.getObjectId(0), Constants.OBJ_BLOB).getBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The values of the letter's lines (e.g. 'F' for "F:\tfs/notify/") in the chosen entries. */
    public static List<String> fields(String maintainers, Set<String> entries, char letter) {
        List<String> out = new ArrayList<>();
        boolean in = false;
        for (String line : maintainers.split("\n")) {
            if (line.isBlank()) {
                in = false;
            } else if (!line.matches("^[A-Z]:\\s.*") && !line.startsWith("\t")) {
                String title = line.trim();
                in = entries.stream().anyMatch(e -> title.equals(e) || title.startsWith(e + ":")
                        || title.startsWith(e + " "));
            } else if (in && line.charAt(0) == letter && line.charAt(1) == ':') {
                out.add(line.substring(2).trim());
            }
        }
        return out;
    }
}
