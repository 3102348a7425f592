package org.fsnbot.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.testing.MiniTree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the sandbox user can plant in a checkout's .git while git am runs
 * there (a hook, core.fsmonitor, a filter driver, a commondir, an
 * attributes file, a replaced .git) never runs when fsnbot's own git runs
 * in it next.
 */
class CheckoutGuardTest {

    private final CommandRunner run = new CommandRunner();

    private String git(Path dir, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("git", "-c", "user.name=t", "-c", "user.email=t@t"));
        cmd.addAll(List.of(args));
        return run.check(cmd, dir, Duration.ofMinutes(1)).outputText().strip();
    }

    private record Setup(Checkouts checkouts, Path checkout, String base, String other) {
    }

    private Setup setup(Path dir) throws Exception {
        Path tree = MiniTree.create(dir.resolve("tree"));
        String base = git(tree, "rev-parse", "HEAD");
        Files.writeString(tree.resolve("fs/notify/mark.c"), "int x;\nint y;\n");
        git(tree, "commit", "-q", "-am", "another commit");
        String other = git(tree, "rev-parse", "HEAD");
        Checkouts checkouts = new Checkouts(dir.resolve("cache"), run);
        return new Setup(checkouts, checkouts.at(tree, base), base, other);
    }

    /** Plants, as the sandbox user could, every route to running `touch marker` in git's next run. */
    private static void plant(Path checkout, Path marker) throws IOException {
        Path script = checkout.resolve("evil.sh");
        Files.writeString(script, "#!/bin/sh\ntouch " + marker + "\ncat\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path git = checkout.resolve(".git");
        Files.writeString(git.resolve("config"), "\n[core]\n\tfsmonitor = " + script + "\n[filter \"evil\"]\n"
                + "\tsmudge = " + script + "\n\tclean = " + script + "\n", java.nio.file.StandardOpenOption.APPEND);
        Files.createDirectories(git.resolve("info"));
        Files.writeString(git.resolve("info/attributes"), "* filter=evil\n");
        Files.createDirectories(git.resolve("hooks"));
        for (String hook : List.of("post-checkout", "reference-transaction")) {
            Path h = Files.writeString(git.resolve("hooks").resolve(hook), "#!/bin/sh\ntouch " + marker + "\n");
            Files.setPosixFilePermissions(h, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void whatWasPlantedInGitsConfigurationAndHooksNeverRuns(@TempDir Path dir) throws Exception {
        Setup s = setup(dir);
        byte[] config = Files.readAllBytes(s.checkout().resolve(".git/config"));
        Path marker = dir.resolve("ran");
        CheckoutGuard guard = CheckoutGuard.before(s.checkout());
        plant(s.checkout(), marker);

        guard.restore();
        s.checkouts().switchTo(s.checkout(), s.other());
        s.checkouts().switchTo(s.checkout(), s.base());
        Checkouts.refreshIndex(run, s.checkout());

        assertThat(marker).as("something planted ran").doesNotExist();
        assertThat(Files.readAllBytes(s.checkout().resolve(".git/config"))).isEqualTo(config);
        assertThat(s.checkout().resolve(".git/info/attributes")).doesNotExist();
        assertThat(s.checkout().resolve(".git/hooks")).doesNotExist();
    }

    @Test
    void fsnbotsOwnGitRunsNoHookAndNoFsmonitorEvenWithThePlantsInPlace(@TempDir Path dir) throws Exception {
        Setup s = setup(dir);
        Path marker = dir.resolve("ran");
        Path script = s.checkout().resolve("evil.sh");
        Files.writeString(script, "#!/bin/sh\ntouch " + marker + "\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(s.checkout().resolve(".git/config"), "\n[core]\n\tfsmonitor = " + script + "\n",
                java.nio.file.StandardOpenOption.APPEND);
        Files.createDirectories(s.checkout().resolve(".git/hooks"));
        Files.copy(script, s.checkout().resolve(".git/hooks/post-checkout"));
        Files.setPosixFilePermissions(s.checkout().resolve(".git/hooks/post-checkout"),
                PosixFilePermissions.fromString("rwxr-xr-x"));

        s.checkouts().switchTo(s.checkout(), s.other());
        Checkouts.refreshIndex(run, s.checkout());

        assertThat(marker).as("a hook or fsmonitor ran").doesNotExist();
    }

    @Test
    void aReplacedGitDirectoryIsNeverUsedAgain(@TempDir Path dir) throws Exception {
        Setup s = setup(dir);
        CheckoutGuard guard = CheckoutGuard.before(s.checkout());
        Path moved = Files.move(s.checkout().resolve(".git"), dir.resolve("elsewhere"));
        Files.writeString(s.checkout().resolve(".git"), "gitdir: " + moved + "\n");

        assertThatThrownBy(guard::restore).hasMessageContaining("was replaced");
        assertThat(s.checkouts().keepIfClean(s.base())).isFalse();
        assertThat(s.checkout()).doesNotExist();
    }
}
