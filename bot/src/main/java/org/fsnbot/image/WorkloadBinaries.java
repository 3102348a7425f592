package org.fsnbot.image;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.fsnbot.exec.CommandRunner;

/**
 * The static workload binaries, built with workloads/Makefile from the
 * sources bundled with fsnbot, cached by the hash of those sources.
 */
public final class WorkloadBinaries {

    private static final String BUILT = "built.ok";

    private final Path cacheRoot;
    private final CommandRunner runner;

    public WorkloadBinaries(Path cacheRoot, CommandRunner runner) {
        this.cacheRoot = cacheRoot;
        this.runner = runner;
    }

    /**
     * The directory holding one static binary per workload. Built beside
     * its final place and moved there whole: two fsnbot processes on one
     * home (a test-patch beside a run, two test lanes) may build at once,
     * and neither may see, or remove, the other's half-made directory.
     */
    public Path build() throws IOException {
        Path staging = Files.createTempDirectory("fsnbot-workloads");
        try {
            BundledFiles.copy("fsnbot/workloads", staging);
            Path dir = cacheRoot.resolve("workloads").resolve(hash(staging));
            Path bin = dir.resolve("bin");
            if (Files.exists(dir.resolve(BUILT))) {
                return bin;
            }
            Files.createDirectories(dir.getParent());
            Path partial = Files.createTempDirectory(dir.getParent(), dir.getFileName() + ".partial-");
            try {
                runner.check(List.of("cp", "-a", staging + "/.", partial.toString()), null, Duration.ofMinutes(1));
                runner.check(List.of("make", "-C", partial.toString(), "OUT=" + partial.resolve("bin")), null,
                        Duration.ofMinutes(5));
                Files.writeString(partial.resolve(BUILT), "ok\n");
                if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS) && !Files.exists(dir.resolve(BUILT))) {
                    // An older fsnbot's unfinished build in place: nobody finishes it now.
                    runner.check(List.of("rm", "-rf", dir.toString()), null, Duration.ofMinutes(1));
                }
                try {
                    Files.move(partial, dir, StandardCopyOption.ATOMIC_MOVE);
                } catch (IOException taken) {
                    // rename(2) refuses a directory that is there now: another process's, finished.
                    if (!Files.exists(dir.resolve(BUILT))) {
                        throw taken;
                    }
                }
            } finally {
                runner.run(List.of("rm", "-rf", partial.toString()), null, Duration.ofMinutes(1));
            }
            return bin;
        } finally {
            runner.run(List.of("rm", "-rf", staging.toString()), null, Duration.ofMinutes(1));
        }
    }

    /**
     * The workloads' version: the hash of the sources bundled with this
     * fsnbot (the same one their built binaries are cached under), which
     * every reply, JSON and export names.
     */
    public static String sourcesVersion() throws IOException {
        Path staging = Files.createTempDirectory("fsnbot-workloads-version");
        try {
            BundledFiles.copy("fsnbot/workloads", staging);
            return hash(staging);
        } finally {
            try (Stream<Path> s = Files.list(staging)) {
                for (Path f : s.toList()) {
                    Files.delete(f);
                }
            }
            Files.delete(staging);
        }
    }

    private static String hash(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (Path f : s.sorted().toList()) {
                md.update(f.getFileName().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                md.update(Files.readAllBytes(f));
            }
            return HexFormat.of().formatHex(md.digest()).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
