package org.fsnbot.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.fsnbot.build.Checkouts;
import org.fsnbot.exec.CommandRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TreesTest {

    private final CommandRunner run = new CommandRunner();

    private Path repo(Path dir) throws Exception {
        Path r = dir.resolve("upstream");
        Files.createDirectories(r);
        Files.writeString(r.resolve("Makefile"), "all:\n");
        for (List<String> c : List.of(List.of("git", "init", "-q", "-b", "main"), List.of("git", "add", "-A"),
                List.of("git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "v1"),
                List.of("git", "tag", "v1"))) {
            run.check(c, r, Duration.ofMinutes(1));
        }
        return r;
    }

    @Test
    void clonesAUrlOnceResolvesRevisionsAndChecksOutABaseTree(@TempDir Path dir) throws Exception {
        Path upstream = repo(dir);
        Trees trees = new Trees(dir.resolve("cache"));
        Path local = trees.local("file://" + upstream);
        assertThat(local).startsWith(dir.resolve("cache/trees"));
        String commit = trees.resolve(local, "v1");
        assertThat(commit).hasSize(40);
        assertThat(trees.local("file://" + upstream)).isEqualTo(local);
        assertThat(trees.describe(local, commit)).endsWith("(\"v1\")");
        Checkouts checkouts = new Checkouts(dir.resolve("cache"), run);
        Path checkout = checkouts.at(local, commit);
        assertThat(checkout.resolve("Makefile")).exists();
        assertThat(checkouts.at(local, commit)).isEqualTo(checkout);
    }

    @Test
    void unknownRevisionsAndMissingTreesAreClearErrors(@TempDir Path dir) throws Exception {
        Path upstream = repo(dir);
        Trees trees = new Trees(dir.resolve("cache"));
        assertThatThrownBy(() -> trees.resolve(upstream, "v9")).hasMessage("revision v9: not in " + upstream);
        assertThatThrownBy(() -> trees.local(dir.resolve("nope").toString()))
                .hasMessageContaining("no such directory");
        assertThatThrownBy(() -> trees.local(dir.toString())).hasMessageContaining("not a git repository");
    }

    @Test
    void aCloneThatGrowsPastItsLimitIsCutOffAndLeavesNoMirror(@TempDir Path dir) throws Exception {
        Path upstream = repo(dir);
        byte[] noise = new byte[1 << 20];
        new java.util.Random(1).nextBytes(noise);
        Files.write(upstream.resolve("blob"), noise);
        run.check(List.of("git", "add", "-A"), upstream, Duration.ofMinutes(1));
        run.check(List.of("git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "big"), upstream,
                Duration.ofMinutes(1));
        Trees small = new Trees(dir.resolve("cache"), new TransferLimits(Duration.ofMinutes(1), Duration.ofMinutes(5),
                100_000), Clock.systemUTC());
        assertThatThrownBy(() -> small.local("file://" + upstream)).hasMessageContaining("grew past");
        assertThat(dir.resolve("cache/trees")).isEmptyDirectory();
    }

    @Test
    void aFetchPastItsWallTimeIsCutOff(@TempDir Path dir) throws Exception {
        Path upstream = repo(dir);
        Path mirror = new Trees(dir.resolve("cache")).local("file://" + upstream);
        Files.writeString(upstream.resolve("Makefile"), "all:\n\ttrue\n");
        run.check(List.of("git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-am", "v2"), upstream,
                Duration.ofMinutes(1));
        // A clock that moves an hour whenever it is read: every transfer is over time at its first check.
        Clock hours = new Clock() {
            private Instant now = Instant.parse("2026-12-01T00:00:00Z");

            @Override
            public ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                now = now.plus(Duration.ofHours(1));
                return now;
            }
        };
        Trees slow = new Trees(dir.resolve("cache"), new TransferLimits(Duration.ofMinutes(1), Duration.ofMinutes(30),
                8L << 30), hours);
        assertThatThrownBy(() -> slow.local("file://" + upstream)).hasMessageContaining("took longer than 30 min");
        assertThat(mirror).exists();
    }
}
