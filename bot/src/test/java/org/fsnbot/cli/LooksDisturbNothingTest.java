package org.fsnbot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.fsnbot.app.Application;
import org.fsnbot.app.Config;
import org.fsnbot.app.Home;
import org.fsnbot.exec.Orphans;
import org.fsnbot.mail.DeliveryHooks;
import org.fsnbot.store.Store;
import org.fsnbot.testing.ChildJvm;
import org.fsnbot.testing.SiteFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Commands that only look change nothing and stop nothing: while a
 * measuring fsnbot holds the home and a boot it started runs, `fsnbot
 * jobs`, `show`, `queue`, `health`, `runners` and `pages`, each in a process
 * of its own as an operator (or `watch`, or cron) runs them, leave the boot
 * running; and a look at a home that is not there makes none.
 */
class LooksDisturbNothingTest {

    private static final long CHILD_LIMIT_SECONDS = 120;

    @Test
    void looksFromOtherProcessesLeaveARunningBootAlone(@TempDir Path home) throws Exception {
        try (Store store = Store.h2(home.resolve("db").resolve("fsnbot"))) {
            SiteFixture.in(home, store);
        }
        Config cfg = Config.load(Optional.empty()).withHome(Home.at(home));
        try (Application measuring = Application.open(cfg, DeliveryHooks.NONE)) {
            ProcessBuilder pb = new ProcessBuilder("sleep", "300");
            pb.environment().put(Orphans.VARIABLE, measuring.stepMark());
            Process boot = pb.start();
            try {
                for (List<String> look : List.of(List.of("jobs"), List.of("show", "--job", "1"), List.of("queue"),
                        List.of("health"), List.of("runners"), List.of("pages"))) {
                    Child c = fsnbot(look, home);
                    assertThat(c.exit()).as("%s: %s", look, c.output()).isIn(ExitCodes.OK, ExitCodes.TROUBLE);
                    assertThat(c.output()).as("%s", look).doesNotContain("killed");
                    assertThat(boot.isAlive()).as("the boot, after fsnbot %s: %s", look, c.output()).isTrue();
                }
                assertThat(new Orphans(home.toAbsolutePath().normalize().toString()).marked()).contains(boot.pid());
            } finally {
                boot.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void aLookMakesNoHomeAndNoDatabase(@TempDir Path dir) throws Exception {
        Path nowhere = dir.resolve("typo");
        Child c = fsnbot(List.of("jobs"), nowhere);
        assertThat(c.exit()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(c.output()).contains("fsnbot: no fsnbot home at " + nowhere).doesNotContain("\tat ");
        assertThat(nowhere).doesNotExist();

        Path empty = Files.createDirectory(dir.resolve("empty"));
        for (List<String> look : List.of(List.of("jobs"), List.of("queue"), List.of("health"), List.of("pages"))) {
            Child e = fsnbot(look, empty);
            assertThat(e.exit()).as("%s: %s", look, e.output()).isEqualTo(ExitCodes.BAD_INPUT);
            assertThat(e.output()).contains("no fsnbot database in " + empty);
        }
        try (var left = Files.list(empty)) {
            assertThat(left.toList()).as("what the looks left").isEmpty();
        }
    }

    private record Child(int exit, String output) {
    }

    private static Child fsnbot(List<String> args, Path home) throws IOException, InterruptedException {
        List<String> cmd = ChildJvm.command("-cp", System.getProperty("java.class.path"), "org.fsnbot.cli.Main");
        cmd.addAll(args);
        cmd.addAll(List.of("--home", home.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(CHILD_LIMIT_SECONDS, TimeUnit.SECONDS)).as("fsnbot %s", args).isTrue();
        return new Child(p.exitValue(), out);
    }
}
