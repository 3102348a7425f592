package org.fsnbot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fsnbot.testing.Repo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input fails early, with a non-zero exit, and leaves the outbox empty. */
class BadInputTest {

    private int run(Path dir, Path mbox, String... extra) {
        String[] base = {"test-patch", "--tree", Repo.root().toString(), "--base", "HEAD", "--mbox", mbox.toString(),
                "--outbox", dir.resolve("outbox").toString(), "--home", dir.resolve("home").toString()};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        return Main.execute(args);
    }

    private static void assertNothingWritten(Path dir) {
        assertThat(Files.exists(dir.resolve("outbox"))).isFalse();
    }

    @Test
    void mboxWithoutAPatch(@TempDir Path dir) throws Exception {
        Path m = Files.writeString(dir.resolve("m"), "From: a@b\nMessage-ID: <x@y>\nSubject: hello\n\nno diff\n");
        assertThat(run(dir, m)).isEqualTo(ExitCodes.BAD_INPUT);
        assertNothingWritten(dir);
    }

    @Test
    void malformedMbox(@TempDir Path dir) throws Exception {
        Path m = Files.writeString(dir.resolve("m"), "garbage without headers\n");
        assertThat(run(dir, m)).isEqualTo(ExitCodes.BAD_INPUT);
        assertNothingWritten(dir);
    }

    @Test
    void aPatchNamedTwiceOrByWhatIsNotAMessageId(@TempDir Path dir) {
        assertThat(run(dir, Repo.exampleMbox(), "--msgid", "20261130084519.1-fsnbot-example@fsnbot.invalid"))
                .as("--mbox and --msgid").isEqualTo(ExitCodes.BAD_INPUT);
        String[] noMbox = {"test-patch", "--tree", Repo.root().toString(), "--base", "HEAD", "--outbox",
            dir.resolve("outbox").toString(), "--home", dir.resolve("home").toString()};
        for (String[] extra : new String[][] {{}, {"--msgid", "no-at-sign"}, {"--msgid", "a b@c"},
            {"--lore", "https://evil.example.org/r/x@y"}, {"--lore", "file:///etc/passwd"}}) {
            String[] args = java.util.Arrays.copyOf(noMbox, noMbox.length + extra.length);
            System.arraycopy(extra, 0, args, noMbox.length, extra.length);
            assertThat(Main.execute(args)).as(String.join(" ", extra)).isEqualTo(ExitCodes.BAD_INPUT);
        }
        assertNothingWritten(dir);
    }

    @Test
    void missingMboxBadTopologyAndUnknownProfile(@TempDir Path dir) {
        assertThat(run(dir, dir.resolve("nope"))).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run(dir, Repo.exampleMbox(), "--topology", "sockets=3,nodes=2"))
                .isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run(dir, Repo.exampleMbox(), "--profile", "nonesuch")).isEqualTo(ExitCodes.BAD_INPUT);
        assertNothingWritten(dir);
    }

    @Test
    void aMirrorOfMoreNodesThanThisHostHasIsRefusedSayingWhatItHas(@TempDir Path dir) throws Exception {
        int nodes = org.fsnbot.plan.HostTopology.readOrGuess().nodes().size();
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream old = System.err;
        int code;
        try {
            System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
            code = run(dir, Repo.exampleMbox(), "--topology", "mirror:nodes=" + (nodes + 1));
        } finally {
            System.setErr(old);
        }
        assertThat(code).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(err.toString(java.nio.charset.StandardCharsets.UTF_8)).contains("this host has " + nodes
                + " NUMA node", "fewer than the " + (nodes + 1) + " asked to mirror");
        assertNothingWritten(dir);
    }
}
