package org.fsnbot.trend;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.fsnbot.app.Application;
import org.fsnbot.app.Config;
import org.fsnbot.app.Home;
import org.fsnbot.app.RunLoop;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.mail.DeliveryHooks;
import org.fsnbot.testing.GitCli;
import org.fsnbot.testing.KernelFixture;
import org.fsnbot.testing.Repo;
import org.fsnbot.testing.TestClock;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.fsnbot.testing.SharedKernel;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The weekly report on real kernels. A watched branch of a local tree on
 * the 6.12 base is quiet for a week (its head is measured against itself:
 * the heartbeat), then gains the example regression patch, then a
 * harmless fsnotify comment; fsnbot run polls and measures each with a
 * small profile, on a clock the test moves a week at a time. On the next
 * Monday the catch-up mails the three weeks: the third names the change
 * point at exactly the regression's range with that commit as the
 * candidate (a change shows once two points follow it), the others name
 * none, the charts are images, and firing again sends nothing. The builds
 * are shared with the other end-to-end tests; the store, outbox and pages
 * are this test's.
 */
@Tag("e2e")
@ExtendWith(SharedKernel.class)
class TrendReportIT {

    private static final Instant START = Instant.parse("2026-11-02T09:00:00Z");
    private final CommandRunner run = new CommandRunner();

    /** A commit on parent made from its tree with one change (a file's text appended, or a patch), dated n. */
    private String commit(Path repo, String parent, int n, String subject, String file, Path patch) throws Exception {
        Map<String, String> env = GitCli.committing(repo, "fsnbot-trend-index", "Ann Author", "ann@example.org",
                "2026-11-0" + n + "T00:00:00Z");
        GitCli.git(repo, env, "read-tree", parent);
        if (patch != null) {
            GitCli.git(repo, env, "apply", "--cached", patch.toString());
        } else {
            Path text = Files.createTempFile("fsnbot-trend", ".c");
            String old = GitCli.git(repo, Map.of(), "show", parent + ":" + file);
            Files.writeString(text, old + "\n/* " + subject + " */\n");
            String blob = GitCli.git(repo, env, "hash-object", "-w", text.toString());
            GitCli.git(repo, env, "update-index", "--cacheinfo", "100644," + blob + "," + file);
            Files.delete(text);
        }
        return GitCli.git(repo, env, "commit-tree", GitCli.git(repo, env, "write-tree"), "-p", parent, "-m", subject);
    }

    /** Each job's number, outcome, accelerator and detail: what a job that filed no points ended as. */
    private static String jobs(Application app) {
        return String.join("; ", app.store().texts("SELECT CAST(id AS VARCHAR(20)) || ' ' || COALESCE(outcome, state)"
                + " || ' (' || COALESCE(accelerator, '?') || ', ' || COALESCE(clock, '?') || ': '"
                + " || COALESCE(accel_reason, '') || '): '"
                + " || COALESCE(SUBSTRING(detail FROM 1 FOR 400), '') FROM jobs ORDER BY id"));
    }

    @Test
    void theWeekOfTheRegressionNamesItsRangeAndNoOtherWeekNamesAny(@TempDir Path tmp) throws Exception {
        Path repo = KernelFixture.home().resolve("trend-tree.git");
        if (!Files.exists(repo.resolve("HEAD"))) {
            Files.createDirectories(repo.getParent());
            run.check(List.of("git", "clone", "-q", "--bare", "--shared", KernelFixture.tree().toString(),
                    repo.toString()), null, Duration.ofMinutes(5));
        }
        String c0 = GitCli.git(repo, Map.of(), "rev-parse", KernelFixture.base() + "^{commit}");
        String c1 = commit(repo, c0, 1, "fsnotify: revalidate children (example)", null, Repo.exampleMbox());
        String c2 = commit(repo, c1, 2, "fsnotify: note the mark lock order", "fs/notify/mark.c", null);
        Path profile = Files.writeString(tmp.resolve("trend.json"), "{\"name\":\"trend\",\"description\":\"trend"
                + " e2e\",\"bootsPerKernel\":2,\"bootTimeoutSeconds\":240,\"workloads\":[{\"name\":"
                + "\"parent-modify-scale\",\"args\":[\"--workdir\",\"/dev/shm\",\"--clients\",\"1\",\"--files\","
                + "\"1024\",\"--iterations\",\"20000\",\"--warmup\",\"1000\",\"--reps\",\"2\"],\"verdictMetrics\":"
                + "[\"avg_client_s\"],\"minEffectPct\":2}]}");
        Path cfg = Files.writeString(tmp.resolve("fsnbot.yaml"), String.join("\n",
                "profile: \"" + profile + "\"", "inboxes: []", "allInbox: \"\"", "runner: {calibrationPairs: 0}",
                "bases:", "  - tree: \"" + repo + "\"", "    rev: " + c0,
                "watch:", "  - tree: \"" + repo + "\"", "    branch: trend",
                // The runner's defaults: the instruction clock under TCG, which no load on the host changes.
                ""));
        Config config = Config.load(Optional.of(cfg));
        config = config.withHome(Home.at(KernelFixture.home()).withState(tmp.resolve("state"))
                .withOutbox(tmp.resolve("outbox")));
        TestClock clock = new TestClock(START);
        String line = repo + " trend";

        try (Application app = Application.open(config, DeliveryHooks.NONE, clock)) {
            RunLoop loop = app.runLoop(false);
            // Sunday 25 October: the first look; a week later, still c0: the heartbeat.
            String[] heads = {c0, c0, c1, c2};
            for (int week = 0; week < heads.length; week++) {
                clock.advance(Duration.between(clock.instant(), START.plus(Duration.ofDays(7L * week - 8))));
                GitCli.git(repo, Map.of(), "update-ref", "refs/heads/trend", heads[week]);
                loop.poll();
                clock.advance(Duration.ofHours(1));
                assertThat(loop.drain()).as("week %d: the head measured", week).isEqualTo(week == 0 ? 0 : 1);
            }
            assertThat(app.store().count("trend_points", "line = ?", line)).as("two points a week; the jobs: %s",
                    jobs(app)).isEqualTo(6);
            // A tree report's subject ends in its verdict, LKP-style, with the metric when one carries it.
            assertThat(app.store().texts("SELECT subject FROM outgoing_mail WHERE kind = 'REPORT'"))
                    .isNotEmpty().allSatisfy(s -> assertThat(s).matches(
                            "\\[fsnbot\\] [0-9a-f]{12} \\(\".*\"\\): (.* [-+][0-9.]+% )?(regression|improvement"
                                    + "|no significant change|inconclusive)( \\(\\+\\d+ more\\))?"));
            // Each head after the first is built once from the nearest build, in seconds: as the patched
            // side of its week, then as the base of the next (from the previous base, BuildSeeds).
            assertThat(app.store().count("builds", "commit_id = ? AND label = 'base' AND (reused OR"
                    + " objects_compiled < 20)", c1)).isEqualTo(1);
            assertThat(app.store().count("builds", "commit_id = ? AND label = 'patched' AND (reused OR"
                    + " objects_compiled < 20)", c2)).isEqualTo(1);

            clock.advance(Duration.between(clock.instant(), Instant.parse("2026-11-16T07:00:00Z")));
            WeeklyReporter reporter = app.weeklyReporter();
            assertThat(reporter.catchUp()).containsExactly(LocalDate.parse("2026-10-26"),
                    LocalDate.parse("2026-11-02"), LocalDate.parse("2026-11-09"));
            assertThat(reporter.catchUp()).as("fired again: nothing sent twice").isEmpty();
            assertThat(app.store().count("outgoing_mail", "kind = 'WEEKLY'")).isEqualTo(3);
        }
        Path www = tmp.resolve("state/www");
        String w1 = Files.readString(www.resolve("2026-10-26/mail.txt"));
        String w2 = Files.readString(www.resolve("2026-11-02/mail.txt"));
        String w3 = Files.readString(www.resolve("2026-11-09/mail.txt"));
        assertThat(w3).contains("1 change point this week: 1 regression")
                .contains("range: " + c0.substring(0, 12) + ".." + c1.substring(0, 12) + " (1 commit)")
                .contains(c1.substring(0, 12) + " fsnotify: revalidate children (example)")
                .doesNotContain("note the mark lock order")
                .contains("parent-modify-scale clients=1 avg_client_s");
        assertThat(w1).contains("No change point this week");
        assertThat(w2).as("one point after the change is one job: not yet").contains("No change point this week");
        Path week = www.resolve("2026-11-09");
        assertThat(Files.readAllBytes(week.resolve("series-1.png"))).hasSizeGreaterThan(1000)
                .startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
        assertThat(week.resolve("series-1.svg")).content().contains("<svg");
        assertThat(week.resolve("data.json")).content().contains(c1).contains("\"change_points\" : [ {");
    }
}
