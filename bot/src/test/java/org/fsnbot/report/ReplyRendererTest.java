package org.fsnbot.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.fsnbot.boot.HostPressure;
import org.fsnbot.build.ApplyResult;
import org.fsnbot.build.BuildResult;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.run.BootRecord;
import org.fsnbot.run.BootResults;
import org.fsnbot.run.MetricInfo;
import org.fsnbot.run.MetricKey;
import org.fsnbot.run.Sample;
import org.fsnbot.run.Side;
import org.fsnbot.stats.AdaptiveSampling;
import org.fsnbot.stats.ChangeEstimator;
import org.fsnbot.stats.Comparison;
import org.fsnbot.stats.MetricNoise;
import org.fsnbot.stats.MetricPolicy;
import org.fsnbot.stats.Verdict;
import org.fsnbot.stats.NoiseFloor;
import org.fsnbot.vm.Accelerator;
import org.fsnbot.boot.BootOutcome;
import org.fsnbot.boot.BootStatus;
import org.junit.jupiter.api.Test;

/** Golden-shape checks of every template: width, order, and the seed tables. */
class ReplyRendererTest {

    /** The versions every test reply names: fixed, so the goldens do not change with each commit. */
    public static final Versions VERSIONS = new Versions("0.1.0-SNAPSHOT (0123456789ab)", "4f1c0a9e5b7d");

    /** The sandbox line of fsnbot's default set-up. */
    static final JobFacts.Confinement BWRAP = new JobFacts.Confinement(
            "bubblewrap (no network, only the job's files, user fsnbot-sandbox)", true);

    private final ReplyRenderer renderer = new ReplyRenderer();

    static JobFacts facts() {
        return new JobFacts(new JobFacts.Topic("[PATCH] fsnotify: a patch", "<p@x>",
                List.of("Reviewed-by: A Reviewer <reviewer@example.org>")),
                new JobFacts.Kernels("/var/cache/fsnbot/linux-6.12",
                        "19b9592301b6 (\"Linux 6.12.117-1~deb12u1 from Debian's linux-source-6.12\")",
                        BaseReason.of(BaseReason.Kind.NAMED_ON_COMMAND_LINE), "2545c8ac2fc9 (\"fsnotify: revalidate children's parent-watched"
                                + " flags on every parent event\")", "gcc (Debian 12.2.0-14+deb12u1) 12.2.0",
                        "sha256:4f1c0a9e5b7d2c3e (make tinyconfig, then fsnbot's qemu-images/fsnotify.config"
                                + " merged; kept with the job as config)"),
                new JobFacts.Runner("6.12.117+", JobFacts.Guest.of("sockets=2,cores=1,threads=1,nodes=2,mem=512M"),
                        new JobFacts.Instrument(Accelerator.TCG.label(), "a KVM guest did not boot within 30 s",
                                "wall", "wall time", true), "runner-1: AMD EPYC 7B13, 2 CPUs, 7.8 GiB",
                        "QEMU emulator version 7.2.22 (Debian 1:7.2+dfsg-7+deb12u18)",
                        new JobFacts.Load(true, true, "2.3", "5", "", 0), "qemu"),
                new JobFacts.ProfileLine("quick", "Small iteration counts sized for TCG."),
                List.of("fsnbot test-patch --msgid p@x --tree /var/cache/fsnbot/linux-6.12 --base"
                        + " 19b9592301b6d3ab0c6fd1a8e5e6a1f1e1c3b5a7 --profile quick --topology"
                        + " sockets=2,cores=1,threads=1,nodes=2,mem=512M",
                        "b4 am p@x   # then git am on 19b9592301b6d3ab0c6fd1a8e5e6a1f1e1c3b5a7"),
                new JobFacts.Run(17, "2 min 16 s", VERSIONS), BWRAP);
    }

    static Comparison comparison() {
        List<Sample> s = new ArrayList<>();
        String[] modes = {"none", "other", "parent", "parent-nomatch"};
        for (int boot = 0; boot < 3; boot++) {
            for (String m : modes) {
                s.add(new Sample(Side.BASE, boot, 0, new MetricKey("byte-write", m, "ns_per_op"), new MetricInfo("mode", "ns", true), 2000 + 50 * boot));
                s.add(new Sample(Side.PATCHED, boot, 0, new MetricKey("byte-write", m, "ns_per_op"), new MetricInfo("mode", "ns", true), 2010 + 60 * boot));
                s.add(new Sample(Side.BASE, boot, 0, new MetricKey("byte-write", m, "ops_per_s"), new MetricInfo("mode", "ops/s", false), 5e5 - boot));
                s.add(new Sample(Side.PATCHED, boot, 0, new MetricKey("byte-write", m, "ops_per_s"), new MetricInfo("mode", "ops/s", false), 4.9e5 - boot));
            }
            for (int c = 1; c <= 2; c++) {
                s.add(new Sample(Side.BASE, boot, 0, new MetricKey("parent-modify-scale", "" + c, "avg_client_s"), new MetricInfo("Clients", "s", true), 0.29 * c + 0.01 * boot));
                s.add(new Sample(Side.PATCHED, boot, 0, new MetricKey("parent-modify-scale", "" + c, "avg_client_s"), new MetricInfo("Clients", "s", true), 3.0 * c + 0.1 * boot));
            }
        }
        for (int boot = 0; boot < 3; boot++) {
            for (int g = 1; g <= 2; g++) {
                s.add(new Sample(Side.BASE, boot, 0, new MetricKey("pipe-messaging", "" + g, "total_s"), new MetricInfo("groups", "s", true), 0.48 * g + 0.001 * boot));
                s.add(new Sample(Side.PATCHED, boot, 0, new MetricKey("pipe-messaging", "" + g, "total_s"), new MetricInfo("groups", "s", true), (g == 1 ? 0.46 : 0.48 * g) + 0.001 * boot * g));
            }
            for (String m : new String[] {"none tmpfs", "parent tmpfs"}) {
                s.add(new Sample(Side.BASE, boot, 0, new MetricKey("openclose-evpath", m, "p50_ns"), new MetricInfo("mode fs", "ns", true), 9564 + boot));
                s.add(new Sample(Side.PATCHED, boot, 0, new MetricKey("openclose-evpath", m, "p50_ns"), new MetricInfo("mode fs", "ns", true), 9684 + boot));
                s.add(new Sample(Side.BASE, boot, 0, new MetricKey("openclose-evpath", m, "p99_ns"), new MetricInfo("mode fs", "ns", true), 15703));
                s.add(new Sample(Side.PATCHED, boot, 0, new MetricKey("openclose-evpath", m, "p99_ns"), new MetricInfo("mode fs", "ns", true), 15023));
            }
        }
        MetricPolicy p = new MetricPolicy(Map.of("byte-write", Set.of("ns_per_op"),
                "parent-modify-scale", Set.of("avg_client_s"), "pipe-messaging", Set.of("total_s"),
                "openclose-evpath", Set.of("p50_ns")), Map.of(), 0.05);
        return new ChangeEstimator(p).compare(s);
    }

    /** Every line fits 80 columns but a command to paste (the reproducer) and a URL, which never wrap. */
    static void assertMailWidth(String body) {
        for (String line : body.split("\n")) {
            // Commands are pasted whole and a lone URL or path cannot be broken.
            if (line.matches("  (fsnbot|b4|git|curl|sh) \\S.*") || line.matches("([a-z]+: +| +)\\S+")) {
                continue;
            }
            assertThat(line.length()).as("line over 80 columns: %s", line).isLessThanOrEqualTo(80);
            assertThat(line).as("trailing whitespace").isEqualTo(line.stripTrailing());
        }
    }

    @Test
    void aTreeReportsSubjectSaysWhichMetricMovedByHowMuchAsLkpsDo() {
        String topic = "[fsnbot] 2545c8ac2fc9 (\"fsnotify: revalidate\")";
        assertThat(renderer.treeSubject(topic, Optional.of(comparison()), "report")).isEqualTo(topic
                + ": parent-modify-scale clients=2 avg_client_s +933.9% regression (+1 more)");
        assertThat(renderer.treeSubject(topic, Optional.empty(), "infrastructure failure"))
                .isEqualTo(topic + ": infrastructure failure");
        List<Sample> flat = new ArrayList<>();
        for (int boot = 0; boot < 3; boot++) {
            for (Side side : Side.values()) {
                flat.add(new Sample(side, boot, 0, new MetricKey("byte-write", "none", "ns_per_op"),
                        new MetricInfo("mode", "ns", true), 2000 + 40 * boot));
            }
        }
        Comparison none = new ChangeEstimator(new MetricPolicy(Map.of("byte-write", Set.of("ns_per_op")), Map.of(),
                0.05)).compare(flat);
        assertThat(renderer.treeSubject(topic, Optional.of(none), "report")).as("no metric carries the verdict")
                .isEqualTo(topic + ": " + none.overall().text());
    }

    @Test
    void aPatchGitNamedNoFileForSaysSoAndNamesNothing() throws Exception {
        String body = renderer.doesNotApply(facts(), new ApplyResult(Optional.empty(), Optional.of("0001 bad"),
                Optional.empty(), List.of("error: corrupt patch at line 8", "Patch failed at 0001 bad")));
        assertThat(body).contains("git named no file or hunk", "  error: corrupt patch at line 8")
                .doesNotContain("First failing");
        String named = renderer.doesNotApply(facts(), new ApplyResult(Optional.empty(), Optional.of("0001 x"),
                Optional.of("fs/notify/mark.c"), List.of("error: fs/notify/mark.c: already exists in index")));
        assertThat(named).contains("First failing file/hunk: fs/notify/mark.c").doesNotContain("named no file");
    }

    @Test
    void aLongPublishingRemoteKeepsTheBranchLineWithinEightyColumns() throws Exception {
        Measurement measured = new Measurement(comparison(), 3, new AdaptiveSampling(3, 3, 0.05), 1, List.of(),
                List.of());
        String remote = "ssh://git@git.example.org/pub/scm/linux/kernel/git/someone/fsnbot-published-trees.git";
        String body = renderer.report(facts().withPublished(new JobFacts.Published(remote, "fsnbot/job-63", "")),
                measured);
        assertMailWidth(body);
        assertThat(body).contains("branch:    fsnbot/job-63 (the base with the patch applied) in\n           "
                + remote + "\n", "  git fetch " + remote + " fsnbot/job-63");
        String refused = renderer.report(facts().withPublished(new JobFacts.Published(remote, "",
                "the remote refused the push")), measured);
        assertMailWidth(refused);
        assertThat(refused).contains("branch:    not pushed (the remote refused the push) to\n           " + remote);
    }

    @Test
    void reportPutsTheVerdictFirstThenTheSeedShapedTables() throws Exception {
        Measurement measured = new Measurement(comparison(), 3, new AdaptiveSampling(3, 3, 0.05), 1,
                List.of("iouring-peak polled: polled I/O needs a block device target"),
                List.of(new MetricNoise(new MetricKey("byte-write", "none", "ns_per_op"), 6, 5.6,
                        Instant.parse("2026-11-30T09:00:00Z"))));
        String body = renderer.report(facts(), measured);
        assertMailWidth(body);
        String[] lines = body.split("\n");
        assertThat(lines[2]).isEqualTo("fsnbot measured this patch against its base: REGRESSION");
        // Every byte-write row is inconclusive: the table is folded to one line, kept whole in the results file.
        assertThat(body).doesNotContainPattern("(?m)^  mode +base +patched")
                .containsPattern("(?m)^  byte-write ns_per_op: 4 rows, CV up to \\d+\\.\\d%, ~\\d+ boots/kernel");
        String results = renderer.results(facts(), measured);
        assertThat(results).containsPattern("(?m)^  mode +base +patched +change +95% CI +verdict$");
        for (String m : List.of("none", "other", "parent", "parent-nomatch")) {
            assertThat(results).containsPattern("(?m)^  " + m + " +\\d");
        }
        assertThat(results).contains("ops_per_s");
        assertThat(body).contains("regression: parent-modify-scale clients=1 avg_client_s +");
        assertThat(body).containsPattern("(?m)^  clients +base +patched +change +95% CI +verdict$");
        assertThat(body).containsPattern("(?m)^  1 +0\\.\\d+ +3\\.\\d+ +\\+\\d+\\.\\d% +\\[.*\\] +regression$");
        assertThat(body).containsPattern("(?m)^  2 +0\\.\\d+ +6\\.\\d+ ");
        assertThat(body).contains("TCG (software emulation", "1 failed boot(s) were retried and not counted",
                "Reproduce:", "commit:    2545c8ac2fc9", "patch:     https://lore.kernel.org/r/p@x",
                "compiler:  gcc (Debian", "qemu:      QEMU emulator version",
                "Trailers given on the thread:\n  Reviewed-by: A Reviewer <reviewer@example.org>\n");
        assertThat(body.indexOf("REGRESSION")).isLessThan(body.indexOf("clients"));
        // Seed 002's groups, in the one sign convention: - is faster here.
        assertThat(body).containsPattern("(?m)^  1 +0\\.48\\d+ +0\\.46\\d+ +-4\\.\\d% +\\[.*\\] +improvement$");
        // seed 000's event-path table: p50 / p99 per side.
        assertThat(body).containsPattern("(?m)^  mode=none fs=tmpfs\\n +9565\\.0 / 15703 +9685\\.0 / 15023 +\\+1\\.3%");
        assertThat(results).contains("Noise here: CV <= 5.6%; 459 boots/kernel to resolve 2%\n"
                + "  (from an A/A calibration, 6 boots, to 2026-11-30)");
        assertThat(body).contains("Noise here: not measured yet (learnt from base boots; fsnbot calibrate)");
        assertThat(body).contains("Not run here:", "  iouring-peak polled: polled I/O needs a block device target");
    }

    @Test
    void aPatchOffTheMeasuredPathsIsNoChangeInOneLineWithTheWidestInterval() throws Exception {
        List<Sample> s = new ArrayList<>();
        String[] modes = {"none", "other", "parent", "parent-nomatch"};
        for (int boot = 0; boot < 3; boot++) {
            for (int i = 0; i < modes.length; i++) {
                MetricKey k = new MetricKey("byte-write", modes[i], "ns_per_op");
                // Deterministic boots on the instruction clock; parent's patched boots 0.1% slower.
                s.add(new Sample(Side.BASE, boot, 0, k, new MetricInfo("mode", "insns", true), 2000 + 100 * i));
                s.add(new Sample(Side.PATCHED, boot, 0, k, new MetricInfo("mode", "insns", true),
                        (2000 + 100 * i) * (i == 2 ? 1.001 : 1)));
            }
        }
        Map<MetricKey, Double> cv = new java.util.HashMap<>();
        Map<MetricKey, Integer> df = new java.util.HashMap<>();
        for (String m : modes) {
            cv.put(new MetricKey("byte-write", m, "ns_per_op"), 0.2);
            df.put(new MetricKey("byte-write", m, "ns_per_op"), 20);
        }
        MetricPolicy p = new MetricPolicy(Map.of("byte-write", Set.of("ns_per_op")), Map.of(), 0.05).withOwnBoots()
                .withFloor(new NoiseFloor(0.02, cv, 2.0, df));
        Comparison c = new ChangeEstimator(p).compare(s);
        assertThat(c.overall()).isEqualTo(Verdict.NO_SIGNIFICANT_CHANGE);
        double widest = c.verdictMetrics().stream().mapToDouble(m -> Math.max(Math.abs(m.change().ciLowPct()),
                Math.abs(m.change().ciHighPct()))).max().orElseThrow();
        String body = renderer.report(facts(), new Measurement(c, 3, new AdaptiveSampling(3, 3, 0.05), 0, List.of(),
                List.of(new MetricNoise(new MetricKey("byte-write", "parent", "ns_per_op"), 24, 0.2,
                        Instant.parse("2026-12-05T09:00:00Z"), 20, "earlier base boots"))));
        assertMailWidth(body);
        assertThat(body).contains("against its base: NO SIGNIFICANT CHANGE\n\n  no change on any row, all 4: within +/-"
                + String.format(java.util.Locale.ROOT, "%.1f%%", Math.ceil(widest * 10) / 10));
        assertThat(widest).isLessThan(1.0);
        assertThat(body).doesNotContain("Inconclusive in every row");
        assertThat(body).contains("(from earlier base boots, 24 boots, to 2026-12-05)");
    }

    @Test
    void failureRepliesCarryNoVerdict() throws Exception {
        ApplyResult a = new ApplyResult(Optional.empty(), Optional.of("0001 fsnotify: x"),
                Optional.of("fs/notify/fsnotify.c:256"), List.of("error: patch failed: fs/notify/fsnotify.c:256"));
        BuildResult b = BuildResult.failed("patched", "2545c8ac2fc9aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                new BuildResult.Cost(3, 1, false), List.of("fs/notify/fsnotify.c:265:13: error:"
                        + " 'parent_interested_typo' undeclared (first use in this function); did you mean"
                        + " 'parent_interested'?"), Path.of("/tmp/log"));
        BootOutcome o = new BootOutcome("patched-1-try2", BootStatus.PANIC, "TCG", 3.1, List.of(),
                new BootOutcome.Console(Path.of("/tmp/c"),
                        List.of("Kernel panic - not syncing: fsnbot: deliberate test panic")),
                "Kernel panic - not syncing: fsnbot: deliberate test panic");
        for (String body : List.of(renderer.doesNotApply(facts(), a), renderer.buildFailure(facts(), b),
                renderer.infrastructureFailure(facts(), new BootRecord(Side.PATCHED, 0, 2, o, BootResults.NONE), true))) {
            assertMailWidth(body);
            assertThat(body).doesNotContain("REGRESSION", "IMPROVEMENT", "inconclusive")
                    .contains("no performance verdict", "Reproduce:");
        }
        assertThat(renderer.doesNotApply(facts(), a)).contains("First failing file/hunk: fs/notify/fsnotify.c:256");
        assertThat(renderer.buildFailure(facts(), b)).contains("'parent_interested_typo' undeclared");
        assertThat(renderer.infrastructureFailure(facts(), new BootRecord(Side.PATCHED, 0, 2, o, BootResults.NONE),
                false)).as("no base boot ended well: nothing points at the patch")
                .contains("the patched kernel failed to boot twice.").doesNotContain("patch's doing");
        assertThat(renderer.infrastructureFailure(facts(), new BootRecord(Side.PATCHED, 0, 2, o, BootResults.NONE),
                true))
                .contains("Kernel panic - not syncing", "the patched kernel failed to boot twice.",
                        "Boot patched-1-try2: the kernel panicked.", "The base kernel booted on the same runner")
                .doesNotContain("PANIC");
        BootOutcome qemu = new BootOutcome("patched-1-try2", BootStatus.QEMU_FAILED, "TCG", 0.4, List.of(),
                new BootOutcome.Console(Path.of("/tmp/c"), List.of()), "qemu-system-x86_64: cannot set up guest memory");
        assertThat(renderer.infrastructureFailure(facts(), new BootRecord(Side.PATCHED, 0, 2, qemu, BootResults.NONE),
                true)).as("a QEMU failure is no evidence against the patch, even where the base booted")
                .contains("QEMU failed", "QEMU itself failed, not a kernel it ran").doesNotContain("patch's doing");
    }

    @Test
    void everyBaseReasonHasItsWordsAndQuotesItsNames() {
        for (BaseReason.Kind k : BaseReason.Kind.values()) {
            String[] names = java.util.stream.IntStream.range(0, k == BaseReason.Kind.STABLE_BRANCH
                    || k == BaseReason.Kind.STABLE_UNRESOLVED ? 2 : List.of(BaseReason.Kind.CONFIGURED,
                            BaseReason.Kind.NAMED_ON_COMMAND_LINE, BaseReason.Kind.NAMED_IN_COMMAND,
                            BaseReason.Kind.SERIES_BASE_COMMIT, BaseReason.Kind.FIRST_CONFIGURED_NO_TRAILER,
                            BaseReason.Kind.THREAD_SERIES_BASE, BaseReason.Kind.BISECT_GOOD_END,
                            BaseReason.Kind.BISECTION_ENDS).contains(k) ? 0 : 1).mapToObj(i -> "name" + i)
                    .toArray(String[]::new);
            String words = renderer.baseReason(BaseReason.of(k, names));
            assertThat(words).as(k.name()).isNotBlank().doesNotContain("{", "_").hasSizeLessThan(80);
            for (String n : names) {
                assertThat(words).as(k.name()).contains(n);
            }
        }
        assertThat(renderer.baseReason(BaseReason.of(BaseReason.Kind.STABLE_UNRESOLVED, "6.12", "linux-6.12.y")))
                .isEqualTo("stable 6.12 patch; linux-6.12.y did not resolve, so the first configured base");
    }

    @Test
    void aRunnerThatStayedBusyIsSaidMeasuredWithNoBootCountedNotUnmeasured() throws Exception {
        JobFacts f = facts();
        JobFacts.Runner r = f.runner();
        JobFacts busy = new JobFacts(f.topic(), f.kernels(), new JobFacts.Runner(r.guestKernel(), r.guest(),
                r.instrument(), r.host(), r.qemu(), new JobFacts.Load(true, false, "0.0", "20", "", 4), r.backend()),
                f.profile(), f.reproduce(), f.run(), f.confinement());
        BootOutcome o = new BootOutcome("base-1-try4", BootStatus.BUSY, "TCG", 38, List.of(),
                new BootOutcome.Console(Path.of("/tmp/jobs/17/boots/base-1-try4.log"), List.of("fsnbot: done")), "");
        String body = renderer.infrastructureFailure(busy, new BootRecord(Side.BASE, 0, 4, o, BootResults.NONE,
                new HostPressure(true, 6.3, 43.4, 38)), false);
        assertMailWidth(body);
        String flat = body.replaceAll("\n *", " ");
        assertThat(flat).contains("the runner stayed busy through 4 boots of the base kernel.",
                "Boot base-1-try4: CPU pressure 49.7% of the boot (waiting 6.3%, steal 43.4%), over the runner's"
                        + " limit of 20% (and 0.2 s)", "this is fsnbot's to fix, not the patch's",
                        "The full console log is kept with job 17: boots/base-1-try4.log.")
                .contains("load:      no boot counted (limit 20% + 0.2 s); 4 busy boots not counted")
                .doesNotContain("not measured", "<=");
        assertThat(flat.split("CPU pressure 49.7%", -1)).as("the pressure said once").hasSize(2);
    }
}
