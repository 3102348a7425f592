package org.fsnbot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fsnbot.testing.Repo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `fsnbot compare` refuses bad input before it builds anything, and writes nothing. */
class CompareInputTest {

    private static int compare(Path dir, String... extra) {
        String[] base = {"compare", "--tree", Repo.root().toString(), "--base", "HEAD",
            "--outbox", dir.resolve("outbox").toString(), "--home", dir.resolve("home").toString()};
        String[] args = new String[base.length + extra.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(extra, 0, args, base.length, extra.length);
        return Main.execute(args);
    }

    @Test
    void aReportAddressThatIsNotAnAddress(@TempDir Path dir) {
        assertThat(compare(dir, "--head", "HEAD", "--to", "maint@example.org,not an address"))
                .isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(dir.resolve("outbox")).doesNotExist();
        assertThat(dir.resolve("home")).doesNotExist();
    }

    @Test
    void aHeadThatLooksLikeAnOption(@TempDir Path dir) {
        assertThat(compare(dir, "--head=--upload-pack=touch /tmp/x")).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(dir.resolve("outbox")).doesNotExist();
    }

    @Test
    void twoRevisionsNamedTwiceOrOnlyOne(@TempDir Path dir) {
        String[] base = {"compare", "--tree", Repo.root().toString(), "--outbox", dir.resolve("outbox").toString(),
            "--home", dir.resolve("home").toString()};
        for (String[] revs : new String[][] {{"HEAD"}, {"HEAD", "HEAD", "HEAD"}, {"--base", "HEAD", "HEAD", "HEAD"},
            {"--base", "HEAD"}}) {
            String[] args = java.util.Arrays.copyOf(base, base.length + revs.length);
            System.arraycopy(revs, 0, args, base.length, revs.length);
            assertThat(Main.execute(args)).as(String.join(" ", revs)).isEqualTo(ExitCodes.BAD_INPUT);
        }
        assertThat(dir.resolve("outbox")).doesNotExist();
    }

    @Test
    void anUnknownProfile(@TempDir Path dir) {
        assertThat(compare(dir, "--head", "HEAD", "--profile", "nonesuch")).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(Files.exists(dir.resolve("outbox"))).isFalse();
    }
}
