package org.fsnbot.git;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.stream.Stream;
import org.eclipse.jgit.api.CloneCommand;
import org.eclipse.jgit.api.FetchCommand;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.api.errors.JGitInternalException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.revwalk.filter.RevFilter;

/**
 * The kernel trees fsnbot reads: a local repository used in place, or a
 * URL cloned once (bare, with JGit) under the cache and fetched on every
 * later use; and the questions asked of them (a revision's commit, a merge
 * base, a one-line description).
 */
public final class Trees {

    private final Path cacheRoot;
    private final TransferLimits limits;
    private final Clock clock;

    public Trees(Path cacheRoot) {
        this(cacheRoot, TransferLimits.DEFAULT, Clock.systemUTC());
    }

    public Trees(Path cacheRoot, TransferLimits limits, Clock clock) {
        this.cacheRoot = cacheRoot;
        this.limits = limits;
        this.clock = clock;
    }

    /** A local git directory for the tree: the path itself, or a cached clone of a URL. */
    public Path local(String tree) throws IOException {
        Path p = Path.of(tree);
        if (!tree.contains("://") && Files.isDirectory(p)) {
            if (!Files.exists(p.resolve(".git")) && !Files.exists(p.resolve("HEAD"))) {
                throw new TreeException(TreeException.Kind.NOT_A_REPOSITORY, tree, tree + " is not a git repository");
            }
            return p.toAbsolutePath().normalize();
        }
        if (!tree.contains("://") && !tree.startsWith("git@")) {
            throw new TreeException(TreeException.Kind.NO_SUCH_TREE, tree,
                    "--tree: no such directory and not a URL: " + tree);
        }
        Path mirror = cacheRoot.resolve("trees").resolve(urlKey(tree) + ".git");
        if (!Files.exists(mirror.resolve("HEAD"))) {
            Files.createDirectories(mirror.getParent());
            CloneCommand clone = Git.cloneRepository().setURI(tree).setBare(true).setGitDir(mirror.toFile())
                    .setDirectory(mirror.toFile());
            TransferLimits.Watch watch = limits.limit(clone, mirror, clock);
            try (Git g = clone.call()) {
                watch.verify();
                g.getRepository();
            } catch (GitAPIException | JGitInternalException | IOException e) {
                removeQuietly(mirror);
                throw new TreeException(unreachable(watch), tree, "cloning " + tree + ": "
                        + watch.over().orElse(e.getMessage()), e);
            }
        } else {
            try (Git g = Git.open(mirror.toFile())) {
                FetchCommand fetch = g.fetch();
                TransferLimits.Watch watch = limits.limit(fetch, mirror, clock);
                try {
                    fetch.call();
                    watch.verify();
                } catch (GitAPIException | JGitInternalException e) {
                    throw new TreeException(unreachable(watch), tree, "fetching " + tree + ": "
                            + watch.over().orElse(e.getMessage()), e);
                }
            }
        }
        return mirror;
    }

    /** A clone cut off by a limit leaves a partial mirror; the next use must clone afresh, not fetch into it. */
    private static void removeQuietly(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            // Best effort: a mirror left behind without HEAD is cloned over.
        }
    }

    private static String urlKey(String url) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(url.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static TreeException.Kind unreachable(TransferLimits.Watch watch) {
        return watch.over().isPresent() ? TreeException.Kind.OVER_TRANSFER_LIMITS : TreeException.Kind.UNREACHABLE;
    }

    /** The full commit id that rev names in the repository. */
    public String resolve(Path repo, String rev) throws IOException {
        try (Repository r = Repositories.open(repo); RevWalk walk = new RevWalk(r)) {
            ObjectId id = r.resolve(rev + "^{commit}");
            if (id == null) {
                throw new TreeException(TreeException.Kind.NO_SUCH_REVISION, rev,
                        "revision " + rev + ": not in " + repo);
            }
            return walk.parseCommit(id).getName();
        }
    }

    /** The best common ancestor of two revisions (for #fsnbot test: a branch against the thread's base). */
    public String mergeBase(Path repo, String a, String b) throws IOException {
        try (Repository r = Repositories.open(repo); RevWalk walk = new RevWalk(r)) {
            walk.setRevFilter(RevFilter.MERGE_BASE);
            walk.markStart(walk.parseCommit(ObjectId.fromString(resolve(repo, a))));
            walk.markStart(walk.parseCommit(ObjectId.fromString(resolve(repo, b))));
            RevCommit base = walk.next();
            if (base == null) {
                throw new TreeException(TreeException.Kind.NO_SHARED_HISTORY, a + " and " + b,
                        a + " and " + b + " share no history in " + repo);
            }
            return base.getName();
        }
    }

    /** One-line description of a commit ("abcdef123456 subject"). */
    public String describe(Path repo, String commit) throws IOException {
        try (Repository r = Repositories.open(repo); RevWalk walk = new RevWalk(r)) {
            RevCommit c = walk.parseCommit(ObjectId.fromString(commit));
            return commit.substring(0, 12) + " (\"" + c.getShortMessage() + "\")";
        }
    }
}
