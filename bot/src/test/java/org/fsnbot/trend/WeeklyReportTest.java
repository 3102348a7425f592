package org.fsnbot.trend;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.mail.Session;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;
import org.fsnbot.git.Trees;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.mail.Delivery;
import org.fsnbot.mail.DeliveryHooks;
import org.fsnbot.mail.ForeignMail;
import org.fsnbot.mail.MailSettings;
import org.fsnbot.mail.Outbox;
import org.fsnbot.mail.ReplyComposer;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.store.Store;
import org.fsnbot.testing.Golden;
import org.fsnbot.testing.HistoryFixture;
import org.fsnbot.testing.OpenStores;
import org.fsnbot.testing.Repo;
import org.fsnbot.testing.TestClock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The weekly report from a fixed history (HistoryFixture): three weeks of
 * a watched branch, the second bringing a 30% slower commit. The mail is
 * held byte for byte, the pages and charts are made, and a week is mailed
 * once whatever fires the report again.
 */
class WeeklyReportTest {

    @RegisterExtension
    final OpenStores stores = new OpenStores();

    /** Relative, so the golden mail names the same line on every machine (surefire runs in bot/). */
    private static final Path TREE = Path.of("target/weekly-golden/linux.git");
    private static final String LINE = TREE + " fsnotify";
    private static final Instant MONDAY = Instant.parse("2026-11-02T08:00:00Z");
    private static final String FROM = "fsnbot <fsnbot@fsnbot.test>";

    @TempDir
    Path tmp;

    private TestClock clock;
    private Store store;
    private List<String> commits;

    @BeforeEach
    void history() throws Exception {
        if (Files.exists(TREE)) {
            try (Stream<Path> s = Files.walk(TREE)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        commits = HistoryFixture.tree(TREE, List.of(new String[] {"fs/notify/mark.c", "fsnotify: base"},
                new String[] {"fs/ext4/inode.c", "ext4: unrelated"},
                new String[] {"fs/notify/fsnotify.c", "fsnotify: walk the parent on every modify"},
                new String[] {"fs/notify/mark.c", "fsnotify: comment the mark lock"}));
        clock = new TestClock(MONDAY);
        store = stores.h2(tmp.resolve("db/fsnbot"), clock);
        double[] fast = {1.00, 1.02, 0.99};
        double[] fast2 = {1.01, 0.99, 1.015};
        double[] slow = {1.30, 1.32, 1.29};
        double[] slow2 = {1.31, 1.28, 1.305};
        at(1, () -> HistoryFixture.job(store, LINE, commits.get(0), commits.get(1), fast, fast2));
        at(3, () -> HistoryFixture.job(store, LINE, commits.get(1), commits.get(1), fast2, fast));
        at(8, () -> HistoryFixture.job(store, LINE, commits.get(1), commits.get(2), fast, slow));
        at(9, this::aPatchTestAndAFailure);
        at(10, () -> HistoryFixture.job(store, LINE, commits.get(2), commits.get(2), slow2, slow));
        at(15, () -> HistoryFixture.job(store, LINE, commits.get(2), commits.get(3), slow, slow2));
    }

    private void aPatchTestAndAFailure() {
        try {
            long series = store.jobs().saveSeries(new MboxReader().readSeries(Repo.exampleMbox()));
            long patch = store.jobs().createJob(series, TREE.toString(), "fsnotify", "quick", "sockets=2");
            store.jobs().finish(patch, ReplyKind.DOES_NOT_APPLY, "patch 1/1 does not apply");
            long broken = store.jobs().createJob(null, TREE.toString(), "fsnotify", "quick", "sockets=2");
            store.jobs().finish(broken, ReplyKind.INFRASTRUCTURE_FAILURE,
                    "boot patched-2-try2: QEMU exited with an error\nconsole tail follows");
        } catch (java.io.IOException | org.fsnbot.intake.MalformedMailException e) {
            throw new IllegalStateException(e);
        }
    }

    private void at(int day, Runnable r) {
        clock.advance(Duration.between(clock.instant(), MONDAY.plus(Duration.ofDays(day))));
        r.run();
    }

    private WeeklyReporter reporter(Path outbox) {
        Delivery d = new Delivery(new Outbox(outbox), store.mail(), MailSettings.dryRun(), Optional.empty(),
                new Delivery.Guards(List.of(), DeliveryHooks.NONE, ForeignMail.NOBODY), FROM);
        return WeeklyReporter.create(store, new Trees(tmp.resolve("home")), k -> true,
                new ReplyComposer(FROM, "fsnbot.test", List.of()), d,
                new WeeklyReporter.Settings(List.of(), tmp.resolve("www"), Optional.empty()), clock);
    }

    @Test
    void theWeekOfTheSlowCommitNamesItsRangeAndItAloneAndTheMailIsHeldByteForByte() throws Exception {
        String mail = reporter(tmp.resolve("outbox")).onDemand(LocalDate.parse("2026-11-09"), Optional.empty(),
                tmp.resolve("out"));
        Golden.check("weekly-change-point", mail);
        assertThat(mail).contains(commits.get(1).substring(0, 12) + ".." + commits.get(2).substring(0, 12))
                .contains(commits.get(2).substring(0, 12) + " fsnotify: walk the parent on every modify")
                .contains("by Ann Author <ann@example.org>")
                .doesNotContain("ext4: unrelated").doesNotContain("comment the mark lock");
        assertThat(mail.split("\n")).allSatisfy(l -> assertThat(l.length() <= 80 || l.strip().matches("https://\\S+"))
                .as("80 columns: %s", l).isTrue());
    }

    @Test
    void aWeekWithoutMeasurementsSaysSoInOneLine() throws Exception {
        String mail = reporter(tmp.resolve("outbox")).onDemand(LocalDate.parse("2026-10-26"), Optional.empty(),
                tmp.resolve("out"));
        Golden.check("weekly-nothing-measured", mail);
        assertThat(mail).contains("Nothing was measured this week");
    }

    @Test
    void missedWeeksAreMailedOnceEachAsOnePlainTextPartAndNeverAgain() throws Exception {
        clock.advance(Duration.between(clock.instant(), Instant.parse("2026-11-23T07:00:00Z")));
        WeeklyReporter r = reporter(tmp.resolve("outbox"));
        assertThat(r.catchUp()).containsExactly(LocalDate.parse("2026-11-02"), LocalDate.parse("2026-11-09"),
                LocalDate.parse("2026-11-16"));
        assertThat(r.catchUp()).as("a second firing").isEmpty();
        assertThat(reporter(tmp.resolve("outbox")).catchUp()).as("a restarted reporter").isEmpty();
        assertThat(store.count("outgoing_mail", "kind = 'WEEKLY'")).isEqualTo(3);
        List<Path> emls;
        try (Stream<Path> s = Files.list(tmp.resolve("outbox"))) {
            emls = s.filter(p -> p.toString().endsWith(".eml")).toList();
        }
        assertThat(emls).hasSize(3);
        for (Path eml : emls) {
            MimeMessage m = new MimeMessage(Session.getInstance(new Properties()),
                    new ByteArrayInputStream(Files.readAllBytes(eml)));
            assertThat(m.isMimeType("text/plain")).as("one text/plain part").isTrue();
            assertThat(m.getContent()).isInstanceOf(String.class);
            assertThat(m.getHeader("In-Reply-To")).as("a thread of its own").isNull();
        }
        Path week = tmp.resolve("www/2026-11-09");
        assertThat(week.resolve("index.html")).isNotEmptyFile();
        assertThat(week.resolve("data.json")).content().contains("\"change_points\"").contains(commits.get(2));
        assertThat(week.resolve("series-1.png")).isNotEmptyFile();
        assertThat(Files.readAllBytes(week.resolve("series-1.png"))).startsWith((byte) 0x89, (byte) 'P');
        assertThat(week.resolve("series-1.svg")).content().contains("<svg");
        assertThat(tmp.resolve("www/weeks.html")).content().contains("2026-11-16").contains("2026-11-02");
    }
}
