package org.fsnbot.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.CommandRunner;

/**
 * Where a new checkout's files come from: a copy of the existing checkout
 * whose commit differs from the new base in the fewest files (a
 * bisection's next step, a watched branch's next head, the Debian base
 * for a tree's), over which git then rewrites only those files. For a
 * kernel tree the copy costs ~9 CPU-seconds where a checkout costs ~27,
 * and it keeps the files' mtimes, so giving them Checkouts.SOURCE_TIME
 * after rehashes only the changed files (the whole tree, ~10 s more, after
 * a checkout). A donor is copied only while its base's lock is free and
 * only when it passes keepIfClean's test (at its base, nothing untracked
 * or ignored), so the copy is what checking out would give.
 */
final class CheckoutDonors {

    /** Existing checkouts a new one may be copied from, newest first: each costs a git diff. */
    private static final int DONORS = 6;
    private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}");

    /** Whether a checkout is at its commit with nothing else in it (Checkouts.clean). */
    @FunctionalInterface
    interface Clean {
        boolean test(Path checkout, String commit) throws IOException;
    }

    private final Path src;
    private final CommandRunner runner;
    private final BaseLocks locks;
    private final Clean clean;
    private final Duration patience;

    /**
     * src: the directory of checkouts, each named by its base commit;
     * patience: how long to wait for a busy donor's lock.
     */
    CheckoutDonors(Path src, CommandRunner runner, BaseLocks locks, Clean clean, Duration patience) {
        this.src = src;
        this.runner = runner;
        this.locks = locks;
        this.clean = clean;
        this.patience = patience;
    }

    /** An existing checkout (named by its base commit) and how many files its commit and the new base differ in. */
    record Donor(Path dir, String commit, int changedFiles) {
    }

    /** The checkout nearest baseCommit among the newest DONORS whose commit partial's tree has. */
    Optional<Donor> nearest(Path partial, String baseCommit) throws IOException {
        List<Path> dirs;
        try (Stream<Path> all = Files.list(src)) {
            dirs = all.filter(d -> COMMIT.matcher(d.getFileName().toString()).matches()
                    && !d.getFileName().toString().equals(baseCommit)
                    && Files.isDirectory(d.resolve(".git"), LinkOption.NOFOLLOW_LINKS))
                    .sorted(Comparator.comparing(CheckoutDonors::modified).reversed()).limit(DONORS).toList();
        }
        Donor best = null;
        for (Path d : dirs) {
            String commit = d.getFileName().toString();
            CommandResult diff = runner.run(CheckoutGuard.git("diff", "--no-renames", "--name-only", commit,
                    baseCommit), partial, Duration.ofMinutes(2));
            if (!diff.ok()) {
                continue;
            }
            int changed = (int) diff.output().stream().filter(l -> !l.isBlank()).count();
            if (best == null || changed < best.changedFiles()) {
                best = new Donor(d, commit, changed);
            }
        }
        return Optional.ofNullable(best);
    }

    private static FileTime modified(Path dir) {
        try {
            return Files.getLastModifiedTime(dir, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException gone) {
            return FileTime.fromMillis(0);
        }
    }

    /**
     * Copies the donor's files and index into partial, holding the donor's
     * base lock so no job changes it meanwhile, and only when it is clean as
     * keepIfClean means it. A busy donor is waited for at most patience,
     * then passed over: a job holds its base's lock for its apply and
     * build (tens of seconds), not its boots, and waiting costs no CPU
     * where checking out costs ~27 CPU-seconds; the bound keeps two new
     * checkouts from waiting on each other for good.
     */
    boolean copied(Donor donor, Path partial) throws IOException {
        return locks.tryHolding(donor.commit(), patience, () -> {
            if (!clean.test(donor.dir(), donor.commit())) {
                return false;
            }
            List<String> cp = new ArrayList<>(List.of("cp", "-a", "-t", partial.toString()));
            try (Stream<Path> entries = Files.list(donor.dir())) {
                entries.filter(e -> !e.getFileName().toString().equals(".git")).map(Path::toString).forEach(cp::add);
            }
            if (!runner.run(cp, null, Duration.ofMinutes(20)).ok()) {
                return false;
            }
            Files.copy(donor.dir().resolve(".git/index"), partial.resolve(".git/index"), LinkOption.NOFOLLOW_LINKS);
            return true;
        }).orElse(false);
    }
}
