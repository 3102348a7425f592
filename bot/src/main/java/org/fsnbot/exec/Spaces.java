package org.fsnbot.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Makes Spaces: as root, a tmpfs mounted at the directory with the size
 * given (nosuid, nodev: nothing in it runs with privileges or opens a
 * device); otherwise the plain directory. Every space's tmpfs names its
 * owner as its source (the home and, for an OwnerMark, the fsnbot process
 * that made it), so a restarted fsnbot unmounts what a killed one left
 * (leftovers) and never what a live process on the same home uses.
 */
public final class Spaces {

    private final CommandRunner runner;
    private final String source;
    private final String homeSource;
    private final boolean root;

    /** owner: the FSNBOT_OWNER mark of this fsnbot (an OwnerMark's value, or a plain name). */
    public Spaces(CommandRunner runner, String owner) throws IOException {
        this.runner = runner;
        this.source = sourceOf(owner);
        this.homeSource = OwnerMark.parse(owner).map(m -> homeSource(m.home())).orElse(source);
        this.root = SandboxUser.currentUid() == 0;
    }

    /** The name every space of this owner's carries as its tmpfs source (in /proc/self/mountinfo). */
    public static String sourceOf(String owner) {
        return OwnerMark.parse(owner).map(m -> homeSource(m.home()) + "-" + m.pid() + "." + m.started())
                .orElse(homeSource(owner));
    }

    private static String homeSource(String home) {
        return "fsnbot-space-" + Integer.toHexString(home.hashCode());
    }

    /**
     * Whether a tmpfs named mounted is a leftover: for a plain owner, its
     * own name; for an OwnerMark, a space of its home whose process is
     * gone (never this process's own, which may be another job's in this
     * JVM, nor an older fsnbot's home-only name, whose owner nothing proves dead).
     */
    private boolean leftover(String mounted) {
        if (source.equals(homeSource)) {
            return mounted.equals(source);
        }
        if (mounted.equals(source) || !mounted.startsWith(homeSource + "-")) {
            return false;
        }
        return OwnerMark.parse("x@" + mounted.substring(homeSource.length() + 1)).map(m -> !m.starterAlive())
                .orElse(false);
    }

    /** A new space at dir, which must not exist yet (its parent is fsnbot's). */
    public Space make(Path dir, long bytes) throws IOException {
        if (bytes < 1 << 20) {
            throw new IllegalArgumentException("a space of " + bytes + " bytes holds nothing");
        }
        if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            runner.check(List.of("rm", "-rf", "--one-file-system", dir.toString()), null, Duration.ofMinutes(10));
        }
        Files.createDirectory(dir);
        if (!root) {
            return new Space(dir, bytes, false, runner);
        }
        CommandResult r = runner.run(List.of("mount", "-t", "tmpfs", "-o", "size=" + bytes
                + ",mode=0755,nosuid,nodev", source, dir.toString()), null, Duration.ofMinutes(1));
        if (!r.ok()) {
            Files.deleteIfExists(dir);
            throw new IOException("could not mount a " + (bytes >> 20) + " MiB tmpfs at " + dir + ": "
                    + r.outputText().strip());
        }
        return new Space(dir, bytes, true, runner);
    }

    /**
     * Unmounts every space of this owner still mounted, and every space of
     * its home whose fsnbot process is gone (it was killed); returns where
     * they were.
     */
    public List<Path> removeLeftovers() throws IOException {
        List<Path> left = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"), StandardCharsets.UTF_8)) {
            int dash = line.indexOf(" - ");
            if (dash < 0) {
                continue;
            }
            String[] after = line.substring(dash + 3).split(" ");
            String[] before = line.substring(0, dash).split(" ");
            if (after.length >= 2 && after[0].equals("tmpfs") && leftover(after[1]) && before.length > 4) {
                left.add(Path.of(before[4].replace("\\040", " ")));
            }
        }
        for (Path p : left) {
            new Space(p, 1 << 20, true, runner).close();
        }
        return left;
    }
}
