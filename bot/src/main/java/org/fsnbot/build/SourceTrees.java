package org.fsnbot.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.fsnbot.exec.CommandRunner;

/**
 * Resolves --tree/--base to a commit and keeps one persistent source
 * checkout per base commit under the cache. Remote trees are cloned once
 * with JGit; checkouts are git clones sharing the tree's objects, made
 * with the git CLI because JGit's checkout of ~90k kernel files is several
 * times slower and JGit has no `git am`.
 */
public final class SourceTrees {

    private final Path cacheRoot;
    private final CommandRunner runner;

    public SourceTrees(Path cacheRoot, CommandRunner runner) {
        this.cacheRoot = cacheRoot;
        this.runner = runner;
    }

    /** A local git directory for the tree: the path itself, or a cached clone of a URL. */
    public Path localRepository(String tree) throws IOException {
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
            byte[] d = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(url.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(d).substring(0, 16);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The full commit id that rev names in the repository. */
    public String resolve(Path repo, String rev) throws IOException {
        try (Git g = Git.open(repo.toFile()); RevWalk walk = new RevWalk(g.getRepository())) {
            Repository r = g.getRepository();
            ObjectId id = r.resolve(rev + "^{commit}");
            if (id == null) {
                throw new IOException("--base " + rev + ": no such revision in " + repo);
            }
            RevCommit c = walk.parseCommit(id);
            return c.getName();
        }
    }

    /** The best common ancestor of two revisions (for #fsnbot test: a branch against the thread's base). */
    public String mergeBase(Path repo, String a, String b) throws IOException {
        try (Git g = Git.open(repo.toFile()); RevWalk walk = new RevWalk(g.getRepository())) {
            walk.setRevFilter(org.eclipse.jgit.revwalk.filter.RevFilter.MERGE_BASE);
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
        try (Git g = Git.open(repo.toFile()); RevWalk walk = new RevWalk(g.getRepository())) {
            RevCommit c = walk.parseCommit(ObjectId.fromString(commit));
            return commit.substring(0, 12) + " (\"" + c.getShortMessage() + "\")";
        }
    }

    /** The persistent checkout of base; created on first use. */
    public Path checkout(Path repo, String baseCommit) throws IOException {
        Path dir = cacheRoot.resolve("src").resolve(baseCommit.substring(0, 12));
        if (Files.exists(dir.resolve(".git"))) {
            runner.check(List.of("git", "checkout", "-q", "--detach", "-f", baseCommit), dir, Duration.ofMinutes(10));
            return dir;
        }
        Path partial = dir.resolveSibling(dir.getFileName() + ".partial");
        Files.createDirectories(dir.getParent());
        runner.run(List.of("rm", "-rf", partial.toString()), null, Duration.ofMinutes(5));
        runner.check(List.of("git", "clone", "-q", "--shared", "--no-checkout", repo.toString(), partial.toString()),
                null, Duration.ofMinutes(10));
        runner.check(List.of("git", "checkout", "-q", "--detach", baseCommit), partial, Duration.ofMinutes(20));
        Files.move(partial, dir);
        return dir;
    }
}
