package org.fsnbot.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
        assertThatThrownBy(() -> trees.resolve(upstream, "v9")).hasMessageContaining("no such revision");
        assertThatThrownBy(() -> trees.local(dir.resolve("nope").toString()))
                .hasMessageContaining("no such directory");
        assertThatThrownBy(() -> trees.local(dir.toString())).hasMessageContaining("not a git repository");
    }
}
