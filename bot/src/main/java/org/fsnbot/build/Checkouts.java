package org.fsnbot.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import org.fsnbot.exec.CommandRunner;

/**
 * One persistent source checkout per base commit under the cache, made
 * with the git CLI as a clone sharing the tree's objects: JGit's checkout
 * of ~90k kernel files is several times slower, and JGit has no `git am`.
 */
public final class Checkouts {

    private final Path cacheRoot;
    private final CommandRunner runner;

    public Checkouts(Path cacheRoot, CommandRunner runner) {
        this.cacheRoot = cacheRoot;
        this.runner = runner;
    }

    /** The persistent checkout of base, at base; created on first use. */
    public Path at(Path repo, String baseCommit) throws IOException {
        Path dir = cacheRoot.resolve("src").resolve(baseCommit.substring(0, 12));
        if (Files.exists(dir.resolve(".git"))) {
            shareObjectsOf(repo, dir);
            switchTo(dir, baseCommit);
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

    /**
     * Lets the checkout see every commit of repo too. A checkout is per base
     * commit, and the same base serves every tree that has it; without this,
     * a head that only a later tree has (a watched branch, a #fsnbot test
     * URL) would be missing from the checkout made from the first tree.
     */
    private void shareObjectsOf(Path repo, Path checkout) throws IOException {
        String objects = runner.check(List.of("git", "rev-parse", "--path-format=absolute", "--git-path", "objects"),
                repo, Duration.ofMinutes(1)).outputText().strip();
        Path alternates = checkout.resolve(".git/objects/info/alternates");
        List<String> known = Files.exists(alternates) ? Files.readAllLines(alternates) : List.of();
        if (!known.contains(objects)) {
            Files.writeString(alternates, objects + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        }
    }

    /** Puts the checkout at a commit it has (the base, a patched commit, or any commit of the shared tree). */
    public void switchTo(Path checkout, String commit) throws IOException {
        runner.check(List.of("git", "checkout", "-q", "--detach", "-f", commit), checkout, Duration.ofMinutes(10));
    }
}
