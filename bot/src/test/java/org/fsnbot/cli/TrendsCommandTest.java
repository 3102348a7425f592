package org.fsnbot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.fsnbot.store.Store;
import org.fsnbot.testing.HistoryFixture;
import org.fsnbot.testing.TestClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `fsnbot trends` on a home with a history: every week since the date, its pages, nothing mailed. */
class TrendsCommandTest {

    @Test
    void everyWeekSinceTheDateIsPrintedAndPagedAndNothingIsMailed(@TempDir Path tmp) throws Exception {
        Path home = tmp.resolve("home");
        List<String> c = HistoryFixture.tree(tmp.resolve("linux.git"), List.of(
                new String[] {"fs/notify/mark.c", "fsnotify: base"},
                new String[] {"fs/notify/fsnotify.c", "fsnotify: slower"}));
        String line = tmp.resolve("linux.git") + " fsnotify";
        TestClock clock = new TestClock(Instant.parse("2026-11-03T10:00:00Z"));
        try (Store store = Store.h2(home.resolve("db/fsnbot"), clock)) {
            double[] fast = {1.00, 1.01, 0.99};
            double[] slow = {1.50, 1.52, 1.49};
            HistoryFixture.job(store, line, c.get(0), c.get(0), fast, fast);
            clock.advance(java.time.Duration.ofDays(1));
            HistoryFixture.job(store, line, c.get(0), c.get(1), fast, slow);
            clock.advance(java.time.Duration.ofDays(1));
            HistoryFixture.job(store, line, c.get(1), c.get(1), slow, slow);
        }
        Path out = tmp.resolve("pages");
        PrintStream old = System.out;
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        int exit;
        try {
            System.setOut(new PrintStream(text, true, StandardCharsets.UTF_8));
            exit = Main.execute("trends", "--since", "2026-11-02", "--tree", tmp.resolve("linux.git").toString(),
                    "--out", out.toString(), "--home", home.toString());
        } finally {
            System.setOut(old);
        }
        assertThat(exit).isZero();
        String printed = text.toString(StandardCharsets.UTF_8);
        assertThat(printed).contains("weekly fsnotify performance report for 2026-11-02")
                .contains("1 change point this week: 1 regression")
                .contains(c.get(0).substring(0, 12) + ".." + c.get(1).substring(0, 12));
        assertThat(out.resolve("2026-11-02/index.html")).isNotEmptyFile();
        assertThat(out.resolve("weeks.html")).content().contains("2026-11-02");
        try (Store store = Store.h2(home.resolve("db/fsnbot"))) {
            assertThat(store.count("outgoing_mail", "")).as("nothing mailed").isZero();
            assertThat(store.count("weekly_reports", "")).as("nothing claimed").isZero();
        }
        assertThat(Main.execute("trends", "--since", "yesterday", "--home", home.toString()))
                .isEqualTo(ExitCodes.BAD_INPUT);
    }
}
