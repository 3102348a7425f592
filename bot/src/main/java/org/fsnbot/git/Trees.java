package org.fsnbot.git;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
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

    public Trees(Path cacheRoot) {
        this.cacheRoot = cacheRoot;
    }

    /** A local git directory for the tree: the path itself, or a cached clone of a URL. */
    public Path local(String tree) throws IOException {
        Path p = Path.of(tree);
        if (!tree.contains("://") && Files.isDirectory(p)) {
            if (!Files.exists(p.resolve(".git")) && !Files.exists(p.resolve("HEAD"))) {
                throw new IOException(tree + " is not a git repository");
            }
            return p.toAbsolutePath().normalize();
        }
        if (!tree.contains("://") && !tree.startsWith("git@")) {
            throw new IOException("--tree: no such directory and not a URL: " + tree);
        }
        Path mirror = cacheRoot.resolve("trees").resolve(urlKey(tree) + ".git");
        if (!Files.exists(mirror.resolve("HEAD"))) {
            Files.createDirectories(mirror.getParent());
            try (Git g = Git.cloneRepository().setURI(tree).setBare(true).setGitDir(mirror.toFile())
                    .setDirectory(mirror.toFile()).call()) {
                g.getRepository();
            } catch (GitAPIException e) {
                throw new IOException("cloning " + tree + ": " + e.getMessage(), e);
            }
        } else {
            try (Git g = Git.open(mirror.toFile())) {
                g.fetch().call();
            } catch (GitAPIException e) {
                throw new IOException("fetching " + tree + ": " + e.getMessage(), e);
            }
        }
        return mirror;
    }

    private static String urlKey(String url) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(url.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The full commit id that rev names in the repository. */
    public String resolve(Path repo, String rev) throws IOException {
        try (Repository r = Repositories.open(repo); RevWalk walk = new RevWalk(r)) {
            ObjectId id = r.resolve(rev + "^{commit}");
            if (id == null) {
                throw new IOException("--base " + rev + ": no such revision in " + repo);
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
                throw new IOException(a + " and " + b + " share no history in " + repo);
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
