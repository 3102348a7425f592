package org.fsnbot.intake;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevSort;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.fsnbot.git.Repositories;

/**
 * Reads one public-inbox v2 epoch (a bare git repository): one commit per
 * message on refs/heads/master, the raw message in the blob `m`, a
 * deletion as the blob `d` (and, after public-inbox-purge, an empty `m`).
 * Commits are visited oldest first from a cursor (exclusive) to the head.
 */
public final class EpochReader {

    public static final String BRANCH = "refs/heads/master";

    /** One commit of the epoch: the message it adds, or none for a deletion. */
    public record Entry(String commit, Optional<byte[]> message) {
        public Entry {
            message = message.map(byte[]::clone);
        }
    }

    /** Receives entries; may throw to stop the walk. */
    public interface Visitor {
        void visit(Entry e) throws Exception;
    }

    /** Walks from after cursor (null: from the first commit) to the head; returns the head. */
    public String walk(Path gitDir, String cursor, Visitor v) throws IOException {
        // An epoch copied without its empty refs/ directory still has packed-refs; git and JGit want both.
        Files.createDirectories(gitDir.resolve("refs/heads"));
        try (Repository repo = Repositories.open(gitDir); RevWalk walk = new RevWalk(repo)) {
            ObjectId head = repo.resolve(BRANCH);
            if (head == null) {
                throw new IOException(gitDir + ": no " + BRANCH);
            }
            walk.markStart(walk.parseCommit(head));
            if (cursor != null) {
                walk.markUninteresting(walk.parseCommit(ObjectId.fromString(cursor)));
            }
            walk.sort(RevSort.TOPO);
            walk.sort(RevSort.REVERSE, true);
            for (RevCommit c : walk) {
                try {
                    v.visit(new Entry(c.getName(), message(repo, c)));
                } catch (IOException | RuntimeException e) {
                    throw e;
                } catch (Exception e) {
                    throw new IOException("at " + c.getName() + ": " + e.getMessage(), e);
                }
            }
            return head.getName();
        }
    }

    /** The head of the epoch's master branch. */
    public String head(Path gitDir) throws IOException {
        try (Repository repo = Repositories.open(gitDir)) {
            ObjectId head = repo.resolve(BRANCH);
            if (head == null) {
                throw new IOException(gitDir + ": no " + BRANCH);
            }
            return head.getName();
        }
    }

    /**
     * Whether cursor is still in the history of the head. False after a
     * purge rewrote the epoch (the old commit is gone or off the branch).
     */
    public boolean contains(Path gitDir, String cursor) throws IOException {
        try (Repository repo = Repositories.open(gitDir); RevWalk walk = new RevWalk(repo)) {
            ObjectId head = repo.resolve(BRANCH);
            ObjectId old = ObjectId.fromString(cursor);
            if (head == null || !repo.getObjectDatabase().has(old)) {
                return false;
            }
            return walk.isMergedInto(walk.parseCommit(old), walk.parseCommit(head));
        }
    }

    private static Optional<byte[]> message(Repository repo, RevCommit c) throws IOException {
        try (TreeWalk tw = new TreeWalk(repo)) {
            tw.addTree(c.getTree());
            tw.setRecursive(false);
            while (tw.next()) {
                if (tw.getPathString().equals("m")) {
                    byte[] m = repo.open(tw.getObjectId(0), Constants.OBJ_BLOB).getBytes();
                    return m.length == 0 ? Optional.empty() : Optional.of(m);
                }
            }
        }
        return Optional.empty();
    }
}
