package org.fsnbot.build;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.CommandRunner;

/**
 * Where a new base build starts: a copy of the built base object directory
 * of the same config whose commit differs from the new one in the fewest
 * files. A watched branch's next head, a heartbeat's or a bisection step's
 * base then costs an incremental make of what changed (seconds), not a
 * cold build (minutes).
 *
 * Kbuild decides what to rebuild by two things, and a copy must satisfy
 * both. The command lines it saved (.cmd files) name the source checkout
 * by its absolute path, and every base has its own checkout: the copy's
 * saved text has the seed's checkout path replaced by the new one. And
 * make compares mtimes: a new checkout's files are all new, so each file
 * the two commits share gets the mtime of the seed checkout's copy of it
 * (older than the seed's objects, as when they were built), and each file
 * that differs is touched now (newer than any object; the mtimes of the
 * seed checkout are not a promise either: restoring a base backdates the
 * files a patch touched). The checkout's index is refreshed after, so git
 * does not take the new mtimes for changes.
 *
 * Only object directories of trusted builds seed: an untrusted build could
 * leave objects that make would not rebuild (and its objects are gone
 * after it anyway: they live in a space of their own, KernelBuilder).
 */
final class BuildSeeds {

    /** Seeds tried at most, newest first: each costs a git diff. */
    private static final int CANDIDATES = 6;

    private final Path buildRoot;
    private final CommandRunner runner;

    BuildSeeds(Path buildRoot, CommandRunner runner) {
        this.buildRoot = buildRoot;
        this.runner = runner;
    }

    /** A seed: its build directory, the commit it holds, and the files that differ from the target. */
    record Seed(BuildDir build, String commit, List<String> changed) {
        Seed {
            changed = List.copyOf(changed);
        }
    }

    /** The nearest trusted base of configHash other than self, as seen from checkout (at commit). */
    Optional<Seed> nearest(Path checkout, String commit, String configHash, BuildDir self) throws IOException {
        if (!Files.isDirectory(buildRoot)) {
            return Optional.empty();
        }
        List<BuildDir> bases = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(buildRoot)) {
            for (Path d : dirs.filter(d -> d.getFileName().toString().endsWith("-" + configHash)).toList()) {
                BuildDir b = new BuildDir(d.resolve("base"));
                if (!b.equals(self) && b.seeds() && Files.isDirectory(b.obj().resolve("source"))) {
                    bases.add(b);
                }
            }
        }
        bases.sort(Comparator.comparing(this::builtAt).reversed());
        Seed best = null;
        for (BuildDir b : bases.subList(0, Math.min(CANDIDATES, bases.size()))) {
            String seedCommit = b.builtCommit().orElseThrow();
            // The seed may come from another tree (a bisection's, a watched
            // branch's, a tree a command named): its checkout's objects,
            // and the tree's they borrow, let git see the seed's commit.
            Path seedObjects;
            try {
                seedObjects = b.obj().resolve("source").toRealPath().resolve(".git/objects");
            } catch (IOException gone) {
                continue;
            }
            CommandResult diff = runner.run(CheckoutGuard.git("diff", "--no-renames", "--name-only", seedCommit, commit),
                    checkout, Map.of("GIT_ALTERNATE_OBJECT_DIRECTORIES", seedObjects.toString()), Duration.ofMinutes(2),
                    line -> { });
            if (!diff.ok()) {
                continue;
            }
            List<String> changed = diff.output().stream().map(String::trim).filter(s -> !s.isEmpty()).toList();
            if (best == null || changed.size() < best.changed().size()) {
                best = new Seed(b, seedCommit, changed);
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * Copies the seed's objects into obj (an empty directory) for checkout
     * (at the new commit), as the class comment says; the seed's
     * configuration goes with them into build.
     */
    void plant(Seed seed, Path checkout, Path obj, BuildDir build) throws IOException {
        Path seedCheckout = seed.build().obj().resolve("source").toRealPath();
        // cp -a keeps the objects' mtimes, which is what makes the build incremental.
        runner.check(List.of("cp", "-a", seed.build().obj() + "/.", obj.toString()), null, Duration.ofMinutes(10));
        Files.deleteIfExists(obj.resolve("source"));
        copyIfThere(seed.build().configHash(), build.configHash());
        copyIfThere(seed.build().config(), build.config());
        retarget(obj, seedCheckout.toString(), checkout.toAbsolutePath().normalize().toString());
        retargetTools(obj, seed.build().obj(), build.obj());
        Set<String> changed = new HashSet<>(seed.changed());
        FileTime now = FileTime.from(Instant.now());
        for (Path f : Checkouts.sourceFiles(checkout)) {
            String name = checkout.relativize(f).toString();
            Path old = seedCheckout.resolve(name);
            if (!changed.contains(name) && Files.isRegularFile(old, LinkOption.NOFOLLOW_LINKS)) {
                Files.setLastModifiedTime(f, Files.getLastModifiedTime(old));
            } else {
                Files.setLastModifiedTime(f, now);
            }
        }
        // The index's stat data must match the new mtimes, or the next
        // checkout -f of this tree takes every file for modified and
        // rewrites it, and make then rebuilds everything.
        Checkouts.refreshIndex(runner, checkout);
    }

    /**
     * Makes a trusted build's objects name checkout if they name another
     * (their `source` link, made by Kbuild, says which): a cache moved to
     * another home, or a base built from a checkout since made again
     * elsewhere. Kbuild compares each object's saved command line, which
     * holds the checkout's path, and would otherwise compile every object
     * of every build that starts from these. Returns whether it changed any.
     */
    static boolean adopt(BuildDir build, Path checkout) throws IOException {
        Path link = build.obj().resolve("source");
        if (!Files.isSymbolicLink(link)) {
            return false;
        }
        String was = Files.readSymbolicLink(link).toString();
        String now = checkout.toAbsolutePath().normalize().toString();
        if (was.equals(now)) {
            return false;
        }
        retarget(build.obj(), was, now);
        Files.delete(link);
        Files.createSymbolicLink(link, Path.of(now));
        return true;
    }

    /**
     * Host tools (objtool) are built by tools/build's makefiles, whose saved
     * dependencies name the object directory itself: in a copy they would
     * name the original, and every build from a copy would build the tools
     * again (25 host objects, seconds a build). copy holds the objects that
     * were built in from and are built in at (where the copy is mounted).
     */
    static void retargetTools(Path copy, Path from, Path at) throws IOException {
        Path tools = copy.resolve("tools");
        if (Files.isDirectory(tools, LinkOption.NOFOLLOW_LINKS)) {
            retarget(tools, from.toAbsolutePath().normalize().toString(), at.toAbsolutePath().normalize().toString());
        }
    }

    private static void copyIfThere(Path from, Path to) throws IOException {
        if (Files.isRegularFile(from, LinkOption.NOFOLLOW_LINKS)) {
            Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING, LinkOption.NOFOLLOW_LINKS);
        }
    }

    /** Replaces from by to in every text file under dir, keeping each file's mtime. */
    static void retarget(Path dir, String from, String to) throws IOException {
        byte[] needle = from.getBytes(StandardCharsets.UTF_8);
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : (Iterable<Path>) files.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    ::iterator) {
                byte[] b = Files.readAllBytes(f);
                if (indexOf(b, (byte) 0, 0) >= 0 || indexOf(b, needle, 0) < 0) {
                    continue;
                }
                FileTime mtime = Files.getLastModifiedTime(f);
                String text = new String(b, StandardCharsets.UTF_8);
                Files.writeString(f, text.replace(from, to), StandardCharsets.UTF_8);
                Files.setLastModifiedTime(f, mtime);
            }
        }
    }

    private static int indexOf(byte[] hay, byte b, int from) {
        for (int i = from; i < hay.length; i++) {
            if (hay[i] == b) {
                return i;
            }
        }
        return -1;
    }

    private static int indexOf(byte[] hay, byte[] needle, int from) {
        outer:
        for (int i = from; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private FileTime builtAt(BuildDir base) {
        try {
            return Files.getLastModifiedTime(base.built());
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }
}
