package org.fsnbot.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Optional;

/**
 * One build's directory, and what lives where in it. fsnbot's own files
 * (the log, the markers, the kernel and its .config copied back) sit
 * beside Kbuild's object directory obj/, never in it: obj/ is the one
 * place a build writes, so every name in it is the build's to choose
 * (a symlink to a host file, a FIFO), and fsnbot does not open them.
 */
record BuildDir(Path dir) {

    /** Marks the tree used now: retention counts a tree's age from its last use (disk.Retention). */
    void used() throws IOException {
        Files.setLastModifiedTime(dir, FileTime.from(Instant.now()));
    }

    /** Kbuild's O=: the build's, while it runs. */
    Path obj() {
        return dir.resolve("obj");
    }

    /** The build's output as fsnbot kept it (bounded). */
    Path log() {
        return dir.resolve("build.log");
    }

    /** The commit built, written last: a build without it did not finish. */
    Path built() {
        return dir.resolve("built");
    }

    /** Written beside built when the build's code was trusted (it may seed other builds). */
    Path trusted() {
        return dir.resolve("trusted");
    }

    /** The kernel, copied back from obj/ through the sandbox. */
    Path image() {
        return dir.resolve("bzImage");
    }

    /** The .config the build used, copied back from obj/ through the sandbox. */
    Path config() {
        return dir.resolve("config");
    }

    /** The hash of the kconfig fragment obj/.config was made from. */
    Path configHash() {
        return dir.resolve("config.hash");
    }

    /** The kconfig fragment, mounted read-only into the configuration steps. */
    Path fragment() {
        return dir.resolve("fsnbot.config");
    }

    /** How many kernel objects the last build compiled: the progress line's total. */
    Path objects() {
        return dir.resolve("objects");
    }

    /** The count objects() holds, or 0 when there is none to read. */
    int objectCount() {
        try {
            return Integer.parseInt(Files.readString(objects()).trim());
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }

    /**
     * The count another build of the same configuration left (the most
     * recent one), for a first build of a base to show a total: 0 when
     * this is the first build of that configuration under root.
     */
    static int countOfAnother(Path root, String configHash) {
        int count = 0;
        java.nio.file.attribute.FileTime newest = java.nio.file.attribute.FileTime.fromMillis(0);
        try (java.nio.file.DirectoryStream<Path> bases = Files.newDirectoryStream(root, "*-" + configHash)) {
            for (Path base : bases) {
                try (java.nio.file.DirectoryStream<Path> builds = Files.newDirectoryStream(base)) {
                    for (Path b : builds) {
                        BuildDir other = new BuildDir(b);
                        int n = other.objectCount();
                        if (n > 0 && Files.getLastModifiedTime(other.objects()).compareTo(newest) > 0) {
                            newest = Files.getLastModifiedTime(other.objects());
                            count = n;
                        }
                    }
                }
            }
        } catch (IOException e) {
            return count;
        }
        return count;
    }

    /** The commit of a finished build, if it finished. */
    Optional<String> builtCommit() throws IOException {
        if (!Files.isRegularFile(built())) {
            return Optional.empty();
        }
        String c = Files.readString(built()).trim();
        return c.matches("[0-9a-f]{40}") ? Optional.of(c) : Optional.empty();
    }

    /** A finished build of trusted code, whose objects are still there: what later builds may start from. */
    boolean seeds() throws IOException {
        return builtCommit().isPresent() && Files.exists(trusted()) && Files.isDirectory(obj());
    }
}
