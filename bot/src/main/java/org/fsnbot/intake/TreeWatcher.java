package org.fsnbot.intake;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.EmptyTreeIterator;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.TreeFilter;
import org.fsnbot.git.Repositories;

/**
 * Looks at the commits a watched branch gained: which of them touch the
 * fsnotify paths of the MAINTAINERS file at the new head. Each commit is
 * compared with its first parent, so a merge counts with what it brings.
 */
public final class TreeWatcher {

    /** One new commit, its author ("Name <address>") and the fsnotify paths it touches (empty: none). */
    public record NewCommit(String id, String subject, String author, List<String> fsnotifyPaths) {
        public NewCommit {
            fsnotifyPaths = List.copyOf(fsnotifyPaths);
        }
    }

    /** The branch head now and the commits since the last look, oldest first. */
    public record Scan(String head, List<NewCommit> commits) {
        public Scan {
            commits = List.copyOf(commits);
        }

        public List<NewCommit> touchingFsnotify() {
            return commits.stream().filter(c -> !c.fsnotifyPaths().isEmpty()).toList();
        }
    }

    /** The branch's head commit, or empty when the repository has no such branch. */
    public Optional<String> head(Path repo, String branch) throws IOException {
        try (Repository r = Repositories.open(repo)) {
            ObjectId id = r.resolve(ref(branch) + "^{commit}");
            return Optional.ofNullable(id).map(ObjectId::getName);
        }
    }

    /** The commits reachable from the branch head but not from since. */
    public Scan scan(Path repo, String branch, String since) throws IOException {
        try (Repository r = Repositories.open(repo); RevWalk walk = new RevWalk(r)) {
            ObjectId head = r.resolve(ref(branch) + "^{commit}");
            if (head == null) {
                throw new IOException(repo + ": no branch " + branch);
            }
            RevCommit headCommit = walk.parseCommit(head);
            MaintainersPatterns patterns = MaintainersPatterns.parse(MaintainersFile.read(r, headCommit),
                    MaintainersPatterns.FSNOTIFY_ENTRIES);
            walk.markStart(headCommit);
            walk.markUninteresting(walk.parseCommit(ObjectId.fromString(since)));
            List<NewCommit> out = new ArrayList<>();
            for (RevCommit c : walk) {
                out.add(new NewCommit(c.getName(), c.getShortMessage(), c.getAuthorIdent().getName() + " <"
                        + c.getAuthorIdent().getEmailAddress() + ">", touched(r, walk, c, patterns)));
            }
            Collections.reverse(out);
            return new Scan(head.getName(), out);
        }
    }

    /**
     * Which of commits touch fsnotify's paths against their first parent,
     * by the MAINTAINERS file at at (a bisection's focus in a large range).
     */
    public Set<String> touchingFsnotify(Path repo, List<String> commits, String at) throws IOException {
        try (Repository r = Repositories.open(repo); RevWalk walk = new RevWalk(r)) {
            MaintainersPatterns patterns = MaintainersPatterns.parse(MaintainersFile.read(r,
                    walk.parseCommit(ObjectId.fromString(at))), MaintainersPatterns.FSNOTIFY_ENTRIES);
            Set<String> out = new HashSet<>();
            for (String id : commits) {
                if (!touched(r, walk, walk.parseCommit(ObjectId.fromString(id)), patterns).isEmpty()) {
                    out.add(id);
                }
            }
            return out;
        }
    }

    private static List<String> touched(Repository r, RevWalk walk, RevCommit c, MaintainersPatterns patterns)
            throws IOException {
        List<String> paths = new ArrayList<>();
        try (TreeWalk tw = new TreeWalk(r)) {
            if (c.getParentCount() > 0) {
                tw.addTree(walk.parseCommit(c.getParent(0)).getTree());
            } else {
                tw.addTree(new EmptyTreeIterator());
            }
            tw.addTree(c.getTree());
            tw.setRecursive(true);
            tw.setFilter(TreeFilter.ANY_DIFF);
            while (tw.next()) {
                if (patterns.matches(tw.getPathString())) {
                    paths.add(tw.getPathString());
                }
            }
        }
        return paths;
    }

    private static String ref(String branch) {
        return branch.matches("[0-9a-f]{40}") || branch.startsWith("refs/") ? branch : "refs/heads/" + branch;
    }
}
