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
    private final boolean root;

    /** owner: the FSNBOT_OWNER mark of this fsnbot (an OwnerMark's value, or a plain name). */
    public Spaces(CommandRunner runner, String owner) throws IOException {
        this.runner = runner;
        this.source = sourceOf(owner);
        this.root = SandboxUser.currentUid() == 0;
    }

    /**
     * The name every space of this owner's carries as its tmpfs source (in
     * /proc/self/mountinfo): for an OwnerMark, a mark itself, of the same
     * process on a short name of its home, so that which spaces are left
     * over is OwnerMark.leftover's to say, as for processes and containers.
     */
    public static String sourceOf(String owner) {
        return OwnerMark.parse(owner).map(m -> new OwnerMark(homeSource(m.home()), m.pid(), m.started()).value())
                .orElse(homeSource(owner));
    }

    private static String homeSource(String home) {
        return "fsnbot-space-" + Integer.toHexString(home.hashCode());
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
            if (after.length >= 2 && after[0].equals("tmpfs") && OwnerMark.leftover(after[1], source)
                    && before.length > 4) {
                left.add(Path.of(before[4].replace("\\040", " ")));
            }
        }
        for (Path p : left) {
            new Space(p, 1 << 20, true, runner).close();
        }
        return left;
    }
}
