package org.fsnbot.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the end-to-end tests find the base kernel tree and keep their
 * build cache. The README's test command makes the tree from Debian's
 * linux-source-6.12 before Maven runs; the cache persists so a second
 * local run reuses the builds.
 */
public final class KernelFixture {

    /**
     * The CPU pressure past which a wall-clock boot of an end-to-end test
     * is busy: only PatchTestIT's busy-runner and pinned guests measure on
     * wall time (the busy rule and vCPU placement are what they test); every
     * other suite counts instructions (runner.clock auto under TCG), which
     * no load changes and the busy rule does not judge. The busy-runner test
     * shows the rule catching a loaded boot (two spinners: 74%) at this
     * limit, on a machine whose 2 CPUs the tests' own JVM, builds and
     * databases share.
     */
    public static final double E2E_MAX_CPU_PRESSURE_PCT = 20;


    public static final String BASE_TAG = "debian-linux-source-6.12.117-1_deb12u1";

    private KernelFixture() {
    }

    public static Path tree() {
        Path p = Path.of(System.getProperty("fsnbot.linuxTree",
                System.getenv().getOrDefault("FSNBOT_LINUX_TREE", "/var/cache/fsnbot/linux-6.12")));
        assertThat(p.resolve(".git")).as("kernel tree %s is missing: run scripts/linux-source-tree.sh %s"
                + " (the README's test command does)", p, p).exists();
        return p;
    }

    /** The base revision: the tag scripts/linux-source-tree.sh made for the installed package. */
    public static String base() throws IOException {
        try (var tags = Files.list(tree().resolve(".git/refs/tags"))) {
            return tags.map(t -> t.getFileName().toString()).filter(t -> t.startsWith("debian-linux-source-6.12"))
                    .sorted().reduce((a, b) -> b).orElse(BASE_TAG);
        }
    }

    public static Path home() {
        return Path.of(System.getProperty("fsnbot.test.home",
                System.getenv().getOrDefault("FSNBOT_TEST_HOME", "/var/cache/fsnbot/test-home")));
    }
}
