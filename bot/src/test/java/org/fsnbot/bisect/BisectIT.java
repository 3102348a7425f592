package org.fsnbot.bisect;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.mail.internet.MimeMessage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.fsnbot.build.KernelBuilder;
import org.fsnbot.app.Application;
import org.fsnbot.app.Config;
import org.fsnbot.job.PatchTestIT;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.plan.JobDefaults;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import org.fsnbot.report.ReplyRenderer;
import org.fsnbot.stats.Bisection;
import org.fsnbot.store.Work;
import org.fsnbot.store.WorkItem;
import org.fsnbot.store.WorkState;
import org.fsnbot.store.WorkTarget;
import org.fsnbot.testing.FsnotifyCommits;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.fsnbot.testing.SharedKernel;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Bisection on real kernels (docs/bisect.md): a tree on the 6.12 base
 * with eight commits that touch fs/notify and build (comments in seven,
 * the example regression patch in one), each step a real build and
 * instruction-clock TCG boots. In CI: the regression is named and
 * confirmed between its two neighbours, and a range without it, queued and
 * run by the queue's worker as bisect.auto does, names no commit (about 6
 * minutes here with the base built: each step a 20-25 s incremental build
 * and 3 pairs of 17-21 s boots, a pair side by side). With the long checks
 * (-Dfsnbot.long=true) the 5th, the 1st and the 8th of eight are named in
 * at most ceil(log2 8) + 2 = 5 steps each.
 */
@Tag("e2e")
@ExtendWith(SharedKernel.class)
class BisectIT {

    private static final Topology TOPOLOGY = Topology.parse("sockets=2,cores=1,nodes=2");
    private static Application app;
    private static Path repo;
    private static FsnotifyCommits commits;
    private static Profile profile;
    /** The full profile's boots (10 a kernel, up to 20): the ends stop at counts that are not the search's looks. */
    private static Profile full;

    @BeforeAll
    static void wire(@TempDir Path tmp) throws Exception {
        commits = FsnotifyCommits.in("bisect-tree.git", "fsnbot-bisect-index");
        repo = commits.repo();
        Path p = Files.writeString(tmp.resolve("bisect.json"), "{\"name\":\"bisect\",\"description\":\"bisect e2e\","
                + "\"bootsPerKernel\":3,\"maxBootsPerKernel\":6,\"bootTimeoutSeconds\":240,\"workloads\":[{\"name\":"
                + "\"parent-modify-scale\",\"args\":[\"--workdir\",\"/dev/shm\",\"--clients\",\"1\",\"--files\","
                + "\"1024\",\"--iterations\",\"10000\",\"--warmup\",\"500\",\"--reps\",\"2\"],\"verdictMetrics\":"
                + "[\"avg_client_s\"],\"minEffectPct\":2}]}");
        profile = Profile.load(p.toString());
        Path f = Files.writeString(tmp.resolve("bisect-full.json"), Files.readString(p)
                .replace("\"name\":\"bisect\"", "\"name\":\"bisect-full\"")
                .replace("\"bootsPerKernel\":3,\"maxBootsPerKernel\":6", "\"bootsPerKernel\":10,\"maxBootsPerKernel\":20"));
        full = Profile.load(f.toString());
        // The instruction clock (TCG's default): its boots take 16-18 s here against 4-5 s on plain TCG, but
        // on wall time three boots a side left the ends "unclear" (+668% [-10.8%, +6517.8%]) twice in a day.
        app = PatchTestIT.e2eApplication(tmp.resolve("outbox"), Config.Sandboxing.Mode.BWRAP,
                c -> c.withJobs(new JobDefaults(profile, TOPOLOGY)));
    }

    @AfterAll
    static void close() {
        app.close();
    }

    /** Eight commits on the base, the example patch as the regressed-th (1-based); their ids, base first. */
    private static List<String> range(int regressed, String tag) throws Exception {
        return commits.range(regressed, tag);
    }

    private static Bisector.Outcome bisect(String good, String bad) throws Exception {
        return bisect(good, bad, profile);
    }

    private static Bisector.Outcome bisect(String good, String bad, Profile with) throws Exception {
        return app.bisector().run(new Bisector.Request(repo.toString(), good, bad, with,
                TOPOLOGY, new Bisector.Budget(200, Duration.ofMinutes(60)), KernelBuilder.Code.TRUSTED));
    }

    /** The k-th of c is named and confirmed against its parent in at most ceil(log2 n) + 2 steps for n commits. */
    private static void assertNamed(Bisector.Outcome o, List<String> c, int k, int n) {
        assertThat(o.result()).as(() -> new ReplyRenderer().bisect(o.report()))
                .isInstanceOfSatisfying(Bisection.Result.Culprit.class, x -> assertThat(x.index()).isEqualTo(k));
        int bound = 32 - Integer.numberOfLeadingZeros(n - 1) + 2;
        assertThat(o.result().steps()).as("measured steps").hasSizeLessThanOrEqualTo(bound);
        Bisection.Step last = o.result().steps().get(o.result().steps().size() - 1);
        assertThat(last.index()).isEqualTo(k);
        assertThat(last.against()).as("the culprit confirmed against its parent").isEqualTo(k - 1);
        assertThat(o.report().conclusion().commit()).isEqualTo(c.get(k).substring(0, 12));
    }

    /**
     * The culprit of a range of two (the example patch between two comment
     * commits): named, confirmed against its parent in at most 3 steps, and
     * mailed to its author and the maintainers. CI's bisection on real
     * kernels; the fifth of eight runs with the long checks.
     */
    @Test
    void theSecondOfTwoIsNamedAndConfirmedAndMailedToItsAuthorAndTheMaintainers() throws Exception {
        // Indexes count from the good end: the 4th commit, the example (1), the 6th (2).
        List<String> c = range(5, "fifth").subList(4, 7);
        Bisector.Outcome o = bisect(c.get(0), c.get(2));
        assertNamed(o, c, 1, 2);
        assertMailed(o, c, 1);
    }

    /**
     * The fifth of eight in at most ceil(log2 8) + 2 = 5 steps, with the
     * full profile's 10 boots a kernel (up to 20): the ends are judged at
     * the count they reached. About 20 minutes here, with the long checks
     * (-Dfsnbot.long=true; README).
     */
    @Test
    @EnabledIfSystemProperty(named = "fsnbot.long", matches = "true")
    void theFifthOfEightIsNamedAndConfirmedInAtMostFiveStepsAndMailedToItsAuthorAndTheMaintainers() throws Exception {
        List<String> c = range(5, "fifth");
        Bisector.Outcome o = bisect(c.get(0), c.get(8), full);
        assertThat(o.result().steps().get(0).measurement().boots()).as("the ends at the full profile's count at least")
                .isGreaterThanOrEqualTo(10);
        assertNamed(o, c, 5, 8);
        assertMailed(o, c, 5);
    }

    /**
     * The k-th of c (c's first the good end), named by o, is what the
     * report and its mail say, to its author and the maintainers.
     */
    private static void assertMailed(Bisector.Outcome o, List<String> c, int k) throws Exception {
        String body = new ReplyRenderer().bisect(o.report());
        // The log's last step is the culprit against its parent: by its id, or "good end" when the
        // culprit follows the good end directly.
        String parent = k == 1 ? "good end" : c.get(k - 1).substring(0, 12);
        assertThat(body.replaceAll("\\s+", " ")).contains("fsnbot noticed a +", "regression of parent-modify-scale"
                + " clients=1 avg_client_s due to commit " + c.get(k).substring(0, 12), "confirmed against its parent");
        int last = o.result().steps().size();
        assertThat(body).contains("author:    Ann Author <ann@example.org>", "Bisection log")
                .containsPattern("(?m)^  clients +base +patched +change").containsPattern("(?m)^ +" + last + " +"
                        + c.get(k).substring(0, 12) + " +" + parent + " +\\+\\d");
        assertThat(body).containsPattern("(?m)^  fsnbot compare --tree \\S+ " + c.get(k - 1) + " " + c.get(k) + " ");
        Path eml = app.bisectMail().post(o, repo);
        MimeMessage m = PatchTestIT.parse(eml);
        assertThat(m.getSubject()).startsWith("[fsnbot] " + c.get(k).substring(0, 12) + " (\"fsnotify: revalidate")
                .endsWith("regression");
        assertThat(m.getHeader("To", ",")).contains("ann@example.org");
        assertThat(m.getHeader("Cc", ",")).contains("jack@suse.cz", "linux-fsdevel@vger.kernel.org");
        assertThat(m.getHeader("In-Reply-To", null)).as("a thread of its own").isNull();
        PatchTestIT.assertPlainEightyColumnMail(eml);
        assertThat(app.store().count("jobs", "outcome = 'MEASURED'")).as("the ends, and the culprit against its"
                + " parent at least").isGreaterThanOrEqualTo(2);
    }

    private static Work unit(long id) {
        return app.store().queue().all().stream().filter(x -> x.id() == id).findFirst().orElseThrow();
    }

    @Test
    void aQueuedRangeWithoutTheRegressionNamesNoCommit() throws Exception {
        List<String> c = range(5, "fifth");
        // Queued as a watched branch's regression queues it (bisect.auto), and run by the queue's worker.
        long id = app.store().queue().enqueue(WorkItem.found("bisect-it " + System.nanoTime(), "bisect c5..c8",
                new WorkTarget.Bisect(c.get(8)), new Base(repo.toString(), c.get(5), BaseReason.of(BaseReason.Kind.NAMED_IN_COMMAND)))).orElseThrow();
        // Claimed as the queue claims a unit before its worker runs it: a finish counts only for its owner.
        assertThat(app.store().fleet().claim(id, app.runnerName().name(), false, 3))
                .isInstanceOf(org.fsnbot.store.FleetQueue.Claim.Run.class);
        app.queueWorker().run(unit(id));
        Work w = unit(id);
        assertThat(w.state()).isEqualTo(WorkState.DONE);
        assertThat(w.detail()).startsWith("BISECT: no single commit named");
        Path eml = Path.of(app.store().text("SELECT eml_path FROM outgoing_mail WHERE kind = 'BISECT' ORDER BY id"
                + " DESC FETCH FIRST 1 ROWS ONLY"));
        String body = PatchTestIT.parse(eml).getContent().toString();
        assertThat(body.replaceAll("\\s+", " ")).contains("no single commit reproduces the change");
        assertThat(body).as("the ends only: one step in the log").containsPattern("(?m)^ +1 +" + c.get(8)
                .substring(0, 12) + " +good end ").doesNotContainPattern("(?m)^ +2 +[0-9a-f]{12} ");
        MimeMessage m = PatchTestIT.parse(eml);
        assertThat(m.getHeader("To", ",")).as("no culprit: to the maintainers").contains("jack@suse.cz");
        PatchTestIT.assertPlainEightyColumnMail(eml);
    }

    /**
     * The ends of a range of eight (7.5 minutes here), with the long checks
     * (-Dfsnbot.long=true; README).
     */
    @Test
    @EnabledIfSystemProperty(named = "fsnbot.long", matches = "true")
    void theFirstAndTheEighthAreNamedToo() throws Exception {
        List<String> first = range(1, "first");
        assertNamed(bisect(first.get(0), first.get(8)), first, 1, 8);
        List<String> eighth = range(8, "eighth");
        assertNamed(bisect(eighth.get(0), eighth.get(8)), eighth, 8, 8);
    }
}
