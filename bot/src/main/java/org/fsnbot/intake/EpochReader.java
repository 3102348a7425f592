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
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * Reads one public-inbox v2 epoch (a bare git repository): one commit per
 * message on refs/heads/master, the raw message in the blob `m`, a
 * deletion (purge) as the blob `d`. Commits are visited oldest first from
 * a cursor (exclusive) to the head.
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
        try (Repository repo = new FileRepositoryBuilder().setGitDir(gitDir.toFile()).setMustExist(true).build();
                RevWalk walk = new RevWalk(repo)) {
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

    private static Optional<byte[]> message(Repository repo, RevCommit c) throws IOException {
        try (TreeWalk tw = new TreeWalk(repo)) {
            tw.addTree(c.getTree());
            tw.setRecursive(false);
            while (tw.next()) {
                if (tw.getPathString().equals("m")) {
                    return Optional.of(repo.open(tw.getObjectId(0), Constants.OBJ_BLOB).getBytes());
                }
            }
        }
        return Optional.empty();
    }
}
