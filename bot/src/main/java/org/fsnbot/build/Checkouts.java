package org.fsnbot.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.CommandRunner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One persistent source checkout per base commit under the cache, made
 * with the git CLI as a clone sharing the tree's objects: JGit's checkout
 * of ~90k kernel files is several times slower, and JGit has no `git am`.
 *
 * Every file of a new checkout carries one fixed mtime, SOURCE_TIME, long
 * past. make rebuilds what is older than its sources, and a base's object
 * directory outlives its checkout: a dirty checkout is removed after a job,
 * an operator moves a cache, a checkout is made again beside objects built
 * from an earlier one. Had the new clone's files the time of the clone,
 * every object of that base would be older than them, and every later
 * build from those objects (each patch's) would recompile the whole kernel
 * without saying why (measured: 600-700 s a patch instead of 10-20 s).
 *
 * A new checkout starts as a copy of the nearest existing one
 * (CheckoutDonors), and git then rewrites only the files that differ.
 */
public final class Checkouts {

    private static final Logger log = LoggerFactory.getLogger(Checkouts.class);
    /** The mtime of every file of a new checkout: older than any object directory built from it. */
    public static final FileTime SOURCE_TIME = FileTime.from(Instant.parse("2000-01-01T00:00:00Z"));
    /** About what checking a kernel tree out takes here: waiting longer for a donor would gain nothing. */
    private static final Duration DONOR_PATIENCE = Duration.ofSeconds(30);
    private final Path cacheRoot;
    private final CommandRunner runner;
    private final CheckoutDonors donors;

    public Checkouts(Path cacheRoot, CommandRunner runner) {
        this(cacheRoot, runner, DONOR_PATIENCE);
    }

    /** donorPatience: how long a new checkout waits for the lock of the checkout it would copy. */
    Checkouts(Path cacheRoot, CommandRunner runner, Duration donorPatience) {
        this.cacheRoot = cacheRoot;
        this.runner = runner;
        this.donors = new CheckoutDonors(cacheRoot.resolve("src"), runner, new BaseLocks(cacheRoot), this::clean,
                donorPatience);
    }

    /** Where the checkout of a base commit lives: named by the whole commit id, like its builds. */
    public Path pathOf(String baseCommit) {
        return cacheRoot.resolve("src").resolve(baseCommit);
    }

    /** The persistent checkout of base, at base; created on first use. */
    public Path at(Path repo, String baseCommit) throws IOException {
        Path dir = pathOf(baseCommit);
        if (Files.exists(dir.resolve(".git"), LinkOption.NOFOLLOW_LINKS) && !removedIfReplaced(dir)) {
            shareObjectsOf(repo, dir);
            statOnlyWhatMatters(dir);
            switchTo(dir, baseCommit);
            if (!aged(dir)) {
                log.info("checkout {}: giving its files the fixed source time (made before checkouts had it)", dir);
                ageSources(dir);
            }
            return dir;
        }
        Path partial = dir.resolveSibling(dir.getFileName() + ".partial");
        Files.createDirectories(dir.getParent());
        cloneWithoutFiles(repo, partial);
        Optional<CheckoutDonors.Donor> donor = donors.nearest(partial, baseCommit);
        boolean copied = donor.isPresent() && donors.copied(donor.get(), partial);
        if (copied) {
            log.info("checkout {}: copied from {} ({} file(s) differ)", dir, donor.get().dir(),
                    donor.get().changedFiles());
        } else {
            if (donor.isPresent()) {
                // A copy that failed half way leaves files a checkout would not overwrite.
                cloneWithoutFiles(repo, partial);
            }
            log.info("checkout {}: checked out ({})", dir, donor.isPresent()
                    ? donor.get().dir() + " was busy or not clean" : "no checkout to copy");
        }
        // -f: over a copy it writes the files that differ from the donor's commit; with no files yet, every file.
        runner.check(CheckoutGuard.git("checkout", "-q", "--detach", "-f", baseCommit), partial,
                Duration.ofMinutes(20));
        ageSources(partial);
        Files.move(partial, dir);
        return dir;
    }

    /** partial made anew: a clone sharing repo's objects, no file checked out, git comparing stat as fsnbot needs. */
    private void cloneWithoutFiles(Path repo, Path partial) throws IOException {
        runner.run(List.of("rm", "-rf", partial.toString()), null, Duration.ofMinutes(5));
        runner.check(List.of("git", "clone", "-q", "--shared", "--no-checkout", repo.toString(), partial.toString()),
                null, Duration.ofMinutes(10));
        statOnlyWhatMatters(partial);
    }

    /**
     * Gives every file of the checkout SOURCE_TIME, then refreshes git's
     * index, whose stat data must match: the next checkout -f would
     * otherwise take every file for modified and write it again, new.
     */
    private void ageSources(Path checkout) throws IOException {
        for (Path f : sourceFiles(checkout)) {
            Files.setLastModifiedTime(f, SOURCE_TIME);
        }
        refreshIndex(runner, checkout);
    }

    /** Every regular file of the checkout outside .git: what make reads, and what git checks out. */
    static List<Path> sourceFiles(Path checkout) throws IOException {
        Path git = checkout.resolve(".git");
        try (Stream<Path> files = Files.walk(checkout)) {
            return files.filter(p -> !p.startsWith(git) && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).toList();
        }
    }

    /** Whether the checkout's files have SOURCE_TIME (its top Makefile stands for them all). */
    private static boolean aged(Path checkout) throws IOException {
        Path makefile = checkout.resolve("Makefile");
        return Files.isRegularFile(makefile, LinkOption.NOFOLLOW_LINKS)
                && Files.getLastModifiedTime(makefile, LinkOption.NOFOLLOW_LINKS).equals(SOURCE_TIME);
    }

    /** Makes git's index take the files' new mtimes, so they do not count as changes. */
    static void refreshIndex(CommandRunner runner, Path checkout) throws IOException {
        CommandResult refresh = runner.run(CheckoutGuard.git("update-index", "-q", "--refresh"), checkout,
                Duration.ofMinutes(20));
        if (!refresh.ok()) {
            throw new IOException("git update-index --refresh in " + checkout + ": " + refresh.outputText().strip());
        }
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

    /**
     * git compares files with its index by mtime and size only: the
     * checkout changes owner (and so ctime) each time git am runs in it as
     * the sandbox user (PatchApplier), and git would otherwise take every
     * file for modified and rewrite it at the next checkout, after which
     * make rebuilds the whole kernel.
     */
    private void statOnlyWhatMatters(Path checkout) throws IOException {
        runner.check(CheckoutGuard.git("config", "core.checkStat", "minimal"), checkout, Duration.ofMinutes(1));
        runner.check(CheckoutGuard.git("config", "core.trustctime", "false"), checkout, Duration.ofMinutes(1));
    }

    /**
     * After every job: the checkout must be at its base with nothing else
     * in it, ignored files included (a build writes only its object
     * directory, so anything here came from somewhere it should not). One
     * that is not is removed; the next job clones a fresh one. Returns
     * whether it was kept.
     */
    public boolean keepIfClean(String baseCommit) throws IOException {
        Path dir = pathOf(baseCommit);
        if (!Files.exists(dir.resolve(".git"), LinkOption.NOFOLLOW_LINKS)) {
            return true;
        }
        if (removedIfReplaced(dir)) {
            return false;
        }
        Optional<String> dirt = dirt(dir, baseCommit);
        if (dirt.isEmpty()) {
            return true;
        }
        log.warn("checkout {} is not clean after the job ({}); removing it", dir, dirt.get());
        runner.check(List.of("rm", "-rf", dir.toString()), null, Duration.ofMinutes(10));
        return false;
    }

    /** Whether the checkout is at baseCommit with nothing else in it, ignored files included. */
    boolean clean(Path dir, String baseCommit) throws IOException {
        return dirt(dir, baseCommit).isEmpty();
    }

    /** What keeps the checkout from being clean, if anything: its .git replaced, another HEAD, or its status. */
    private Optional<String> dirt(Path dir, String baseCommit) throws IOException {
        if (CheckoutGuard.realGitDir(dir.resolve(".git")).isEmpty()) {
            return Optional.of(".git is not a directory of its own");
        }
        CommandResult head = runner.run(concat(CheckoutGuard.ROOT_GIT, "rev-parse", "HEAD"), dir,
                Duration.ofMinutes(1));
        CommandResult status = runner.run(concat(CheckoutGuard.ROOT_GIT, "status", "--porcelain", "--ignored",
                "--untracked-files=all"), dir, Duration.ofMinutes(5));
        if (!status.ok()) {
            return Optional.of("git status failed");
        }
        if (!head.ok() || !head.outputText().strip().equals(baseCommit)) {
            return Optional.of("HEAD is not " + baseCommit.substring(0, 12));
        }
        return status.outputText().isBlank() ? Optional.empty() : Optional.of(String.join(", ", status.tail(5)));
    }

    /**
     * Removes the checkout when its .git is not a directory of its own (a
     * link or gitfile left in the sandbox): fsnbot's git never runs in it.
     * Whether it was removed.
     */
    private boolean removedIfReplaced(Path dir) throws IOException {
        if (CheckoutGuard.realGitDir(dir.resolve(".git")).isPresent()) {
            return false;
        }
        log.warn("checkout {}: its .git is not a directory of its own (replaced in the sandbox); removing it", dir);
        runner.check(List.of("rm", "-rf", "--one-file-system", dir.toString()), null, Duration.ofMinutes(10));
        return true;
    }

    private static List<String> concat(List<String> a, String... b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(List.of(b));
        return out;
    }

    /** Puts the checkout at a commit it has (the base, a patched commit, or any commit of the shared tree). */
    public void switchTo(Path checkout, String commit) throws IOException {
        runner.check(CheckoutGuard.git("checkout", "-q", "--detach", "-f", commit), checkout, Duration.ofMinutes(10));
    }
}
