package org.fsnbot.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.fsnbot.build.ApplyResult;
import org.fsnbot.build.BuildResult;
import org.fsnbot.exec.LimitHit;
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
import org.fsnbot.stats.NoiseFloor;
import org.fsnbot.testing.Golden;
import org.fsnbot.vm.Accelerator;
import org.fsnbot.plan.Clock;
import org.fsnbot.boot.BootOutcome;
import org.fsnbot.boot.BootStatus;
import org.junit.jupiter.api.Test;

/** Every reply template, byte for byte, for fixed inputs (see testing.Golden). */
class ReplyGoldenTest {

    private final ReplyRenderer renderer = new ReplyRenderer();

    private static JobFacts kvmFactsWithoutPatch() {
        return new JobFacts(new JobFacts.Topic("[fsnbot] 0123456789ab (\"fsnotify: head\")", "", List.of()),
                new JobFacts.Kernels("https://example.org/linux.git fsnotify",
                        "abcdefabcdef (\"fsnotify: older head\")", BaseReason.of(BaseReason.Kind.LAST_TESTED_HEAD, "fsnotify"), null, "", ""),
                new JobFacts.Runner("not booted", JobFacts.Guest.of("sockets=1,cores=2,threads=1,nodes=1,mem=1024M"),
                        new JobFacts.Instrument(Accelerator.KVM.label(), "KVM guest booted in 2.1 s", "", "", false), "",
                        "", JobFacts.Load.notMeasured(0), ""),
                new JobFacts.ProfileLine("full", "The seeds' sizes."),
                List.of("fsnbot compare --tree https://example.org/linux.git abcdef 012345 --profile full"
                        + " --topology sockets=1,cores=2,threads=1,nodes=1,mem=1024M"),
                new JobFacts.Run(41, "41 min 03 s", ReplyRendererTest.VERSIONS), new JobFacts.Confinement(
                        "NONE: untrusted code ran with fsnbot's own rights, network and files", false));
    }

    /** One metric of a table: its key and how it reads; makes its samples. */
    private record Metric(MetricKey key, MetricInfo info) {
        static Metric of(String workload, String label, String row, String metric, String unit, boolean lower) {
            return new Metric(new MetricKey(workload, row, metric), new MetricInfo(label, unit, lower));
        }

        void add(List<Sample> s, Side side, int boot, double v) {
            s.add(new Sample(side, boot, 0, key, info, v));
        }
    }

    /** The renderer test's mix: a regression, an improvement, the seed tables. */
    private static Comparison mixed() {
        List<Sample> s = new ArrayList<>();
        String[] modes = {"none", "other", "parent", "parent-nomatch"};
        for (int boot = 0; boot < 3; boot++) {
            for (String m : modes) {
                Metric ns = Metric.of("byte-write", "mode", m, "ns_per_op", "ns", true);
                if (m.equals("parent")) {
                    // Tight, +1.8%: the interval excludes no change but reaches past the 2% minimum effect.
                    ns.add(s, Side.BASE, boot, 2000 + boot);
                    ns.add(s, Side.PATCHED, boot, new double[] {2030, 2040, 2038}[boot]);
                } else {
                    ns.add(s, Side.BASE, boot, 2000 + 50 * boot);
                    ns.add(s, Side.PATCHED, boot, 2010 + 60 * boot);
                }
                Metric ops = Metric.of("byte-write", "mode", m, "ops_per_s", "ops/s", false);
                ops.add(s, Side.BASE, boot, 5e5 - boot);
                ops.add(s, Side.PATCHED, boot, 4.9e5 - boot);
            }
            for (int c = 1; c <= 2; c++) {
                Metric avg = Metric.of("parent-modify-scale", "Clients", "" + c, "avg_client_s", "s", true);
                avg.add(s, Side.BASE, boot, 0.29 * c + 0.01 * boot);
                avg.add(s, Side.PATCHED, boot, 3.0 * c + 0.1 * boot);
            }
            for (int g = 1; g <= 2; g++) {
                Metric total = Metric.of("pipe-messaging", "groups", "" + g, "total_s", "s", true);
                total.add(s, Side.BASE, boot, 0.48 * g + 0.001 * boot);
                total.add(s, Side.PATCHED, boot, (g == 1 ? 0.46 : 0.48 * g) + 0.001 * boot * g);
            }
            for (String m : new String[] {"none tmpfs", "parent tmpfs"}) {
                Metric p50 = Metric.of("openclose-evpath", "mode fs", m, "p50_ns", "ns", true);
                p50.add(s, Side.BASE, boot, 9564 + boot);
                p50.add(s, Side.PATCHED, boot, 9684 + boot);
                Metric p99 = Metric.of("openclose-evpath", "mode fs", m, "p99_ns", "ns", true);
                p99.add(s, Side.BASE, boot, 15703);
                p99.add(s, Side.PATCHED, boot, 15023);
            }
            Metric ops = Metric.of("scale-ops", "mode op dir kind tasks", "none pwrite shared thread 1",
                    "per_task_ops_s", "ops/s", false);
            ops.add(s, Side.BASE, boot, 1.0e6 + 1000 * boot);
            ops.add(s, Side.PATCHED, boot, 1.0e6 + 900 * boot);
        }
        MetricPolicy p = new MetricPolicy(Map.of("byte-write", Set.of("ns_per_op"),
                "parent-modify-scale", Set.of("avg_client_s"), "pipe-messaging", Set.of("total_s"),
                "openclose-evpath", Set.of("p50_ns"), "scale-ops", Set.of("per_task_ops_s")), Map.of(), 0.05);
        return new ChangeEstimator(p).compare(s);
    }

    /** The quick profile's looks: three boots a kernel, a fourth pair while a verdict is open. */
    private static final AdaptiveSampling QUICK = new AdaptiveSampling(3, 4, 0.05);

    /** Four boots, tight: nothing changed. */
    private static Comparison quiet() {
        List<Sample> s = new ArrayList<>();
        Metric ns = Metric.of("byte-write", "mode", "parent", "ns_per_op", "ns", true);
        for (int boot = 0; boot < 4; boot++) {
            ns.add(s, Side.BASE, boot, 2000 + boot);
            ns.add(s, Side.PATCHED, boot, 2001 + boot);
        }
        return new ChangeEstimator(new MetricPolicy(Map.of("byte-write", Set.of("ns_per_op")), Map.of(), 0.05)
                .withLooks(QUICK.spending())).compare(s);
    }

    @Test
    void reportWithEverySectionUnderTcg() throws Exception {
        Golden.check("report-tcg", renderer.report(ReplyRendererTest.facts(), new Measurement(mixed(), 3,
                new AdaptiveSampling(3, 3, 0.05), 1, List.of("iouring-peak polled: polled I/O needs a block device target"),
                List.of(new MetricNoise(new MetricKey("byte-write", "none", "ns_per_op"), 6, 5.6,
                        Instant.parse("2026-11-30T09:00:00Z")), new MetricNoise(new MetricKey("parent-modify-scale",
                                "2", "avg_client_s"), 6, 12.25, Instant.parse("2026-11-29T09:00:00Z"))))));
    }

    /**
     * The example patch (examples/) as the demo measures it under TCG:
     * parent-modify-scale ten times slower, every other workload lost in
     * 8% boot-to-boot noise, so those tables fold to one line each.
     */
    private static Comparison exampleRegression() {
        List<Sample> s = new ArrayList<>();
        Random noise = new Random(20261201);
        List<Metric> flat = List.of(Metric.of("byte-write", "mode", "none", "ns_per_op", "ns", true),
                Metric.of("byte-write", "mode", "parent", "ns_per_op", "ns", true),
                Metric.of("addwatch-latency", "watches", "1000", "add_avg_ns", "ns", true),
                Metric.of("pipe-messaging", "groups", "1", "total_s", "s", true),
                Metric.of("pipe-messaging", "groups", "2", "total_s", "s", true),
                Metric.of("scale-ops", "mode op dir kind tasks", "parent pwrite shared thread 2",
                        "per_task_ops_s", "ops/s", false));
        for (int boot = 0; boot < 4; boot++) {
            for (Metric m : flat) {
                m.add(s, Side.BASE, boot, 1000 * Math.exp(0.08 * noise.nextGaussian()));
                m.add(s, Side.PATCHED, boot, 1000 * Math.exp(0.08 * noise.nextGaussian()));
            }
            for (int c = 1; c <= 2; c++) {
                Metric avg = Metric.of("parent-modify-scale", "Clients", "" + c, "avg_client_s", "s", true);
                avg.add(s, Side.BASE, boot, 0.31 * c * Math.exp(0.05 * noise.nextGaussian()));
                avg.add(s, Side.PATCHED, boot, 3.05 * c * Math.exp(0.05 * noise.nextGaussian()));
            }
        }
        MetricPolicy p = new MetricPolicy(Map.of("byte-write", Set.of("ns_per_op"), "addwatch-latency",
                Set.of("add_avg_ns"), "parent-modify-scale", Set.of("avg_client_s"), "pipe-messaging",
                Set.of("total_s"), "scale-ops", Set.of("per_task_ops_s")), Map.of(), 0.05);
        return new ChangeEstimator(p.withLooks(QUICK.spending())).compare(s);
    }

    /** What the demo's job knows when it replies to the example patch, on wall time (plain TCG). */
    private static JobFacts exampleFacts() {
        return exampleFacts(exampleRunner(Clock.WALL, new JobFacts.Load(true, true, "1.9", "5", "", 1)));
    }

    /** The same job on the instruction clock, with a CPU hog beside it. */
    private static JobFacts exampleFactsOnInstructions() {
        return exampleFacts(exampleRunner(Clock.INSTRUCTIONS, new JobFacts.Load(true, true, "31.9", "5",
                "an instruction count does not change with the load", 0)));
    }

    private static JobFacts.Runner exampleRunner(Clock clock, JobFacts.Load load) {
        return new JobFacts.Runner("6.12.117+", JobFacts.Guest.of("sockets=2,cores=1,threads=1,nodes=2,mem=512M"),
                new JobFacts.Instrument(Accelerator.TCG.label(), "/dev/kvm not available", clock.word(),
                        clock.description(), true), "demo: AMD EPYC 7B13, 2 CPUs, 7.8 GiB",
                "QEMU emulator version 7.2.22 (Debian 1:7.2+dfsg-7+deb12u18)", load, "qemu");
    }

    private static JobFacts exampleFacts(JobFacts.Runner runner) {
        String id = "20261130084519.1-fsnbot-example@fsnbot.invalid";
        String base = "19b9592301b6d3ab0c6fd1a8e5e6a1f1e1c3b5a7";
        JobFacts.Kernels k = ReplyRendererTest.facts().kernels();
        return new JobFacts(new JobFacts.Topic("[PATCH] fsnotify: revalidate children's parent-watched flags on every"
                + " parent event", "<" + id + ">", List.of()),
                new JobFacts.Kernels("/var/cache/fsnbot/linux-6.12 debian-linux-source-6.12.117-1_deb12u1",
                        k.base(), k.baseReason(), k.patched(), k.compiler(), k.config()),
                runner, new JobFacts.ProfileLine("quick", "Every workload, shrunk to run under TCG in about a minute per"
                        + " boot."),
                List.of("fsnbot test-patch --msgid " + id + " --tree /var/cache/fsnbot/linux-6.12 --base " + base
                        + " --profile quick --topology sockets=2,cores=1,threads=1,nodes=2,mem=512M",
                        "b4 am " + id + "   # then git am on " + base),
                new JobFacts.Run(1, "8 min 30 s", ReplyRendererTest.VERSIONS), ReplyRendererTest.BWRAP);
    }

    @Test
    void reportOfTheExampleRegression() throws Exception {
        AdaptiveSampling plan = QUICK;
        String body = renderer.report(exampleFacts(), new Measurement(exampleRegression(), 4, plan, 0,
                List.of("iouring-peak polled: polled I/O needs a block device target"), List.of()));
        ReplyRendererTest.assertMailWidth(body);
        Golden.check("report-example-regression", body);
    }

    /** A byte-write regression of +3% counted in instructions: units say counts, the load is not judged. */
    @Test
    void reportOnTheInstructionClock() throws Exception {
        List<Sample> s = new ArrayList<>();
        java.util.Random noise = new java.util.Random(24);
        String[] modes = {"none", "other", "parent", "parent-nomatch"};
        double[] insns = {1040, 1090, 3710, 1950};
        for (int boot = 0; boot < 3; boot++) {
            for (int i = 0; i < modes.length; i++) {
                Metric m = Metric.of("byte-write", "mode", modes[i], "ns_per_op", Clock.INSTRUCTIONS.unit("ns"), true);
                double cv = modes[i].equals("none") ? 0.0002 : 0.004;
                m.add(s, Side.BASE, boot, insns[i] * Math.exp(cv * noise.nextGaussian()));
                m.add(s, Side.PATCHED, boot, insns[i] * (modes[i].equals("parent") ? 1.03 : 1)
                        * Math.exp(cv * noise.nextGaussian()));
            }
        }
        MetricPolicy p = new MetricPolicy(Map.of("byte-write", Set.of("ns_per_op")), Map.of(), 0.05)
                .withLooks(QUICK.spending()).withFloor(new NoiseFloor(0.02, Map.of()));
        String body = renderer.report(exampleFactsOnInstructions(), new Measurement(new ChangeEstimator(p).compare(s),
                3, QUICK, 0, List.of(), List.of()));
        ReplyRendererTest.assertMailWidth(body);
        assertThat(body).contains("in insns").doesNotContain(" in ns");
        Golden.check("report-instructions", body);
    }

    /** A watched tree's regression: tags for the fix, as 0-day gives them, the regzbot line configured. */
    @Test
    void reportOfATreeRegressionCarriesTagsForItsFix() throws Exception {
        AdaptiveSampling plan = QUICK;
        JobFacts f = kvmFactsWithoutPatch();
        JobFacts head = new JobFacts(f.topic(), new JobFacts.Kernels(f.kernels().tree(), f.kernels().base(),
                f.kernels().baseReason(), "0123456789ab (\"fsnotify: head\")", "", ""), f.runner(), f.profile(),
                f.reproduce(), new JobFacts.Run(41, "41 min 03 s", "https://fsnbot.example.org/jobs/41/", List.of(),
                        ReplyRendererTest.VERSIONS),
                f.confinement()).withTags(List.of("Reported-by: fsnbot <fsnbot@example.org>",
                        "Closes: https://lore.kernel.org/r/fsnbot.0123456789abcdef0123@example.org",
                        "#regzbot introduced: abcdefabcdef..0123456789ab"));
        String body = renderer.report(head, new Measurement(exampleRegression(), 4, plan, 0, List.of(), List.of()));
        ReplyRendererTest.assertMailWidth(body);
        Golden.check("report-tree-regression", body);
    }

    /**
     * byte-write decided at the third boot (a clear regression), so the
     * later pairs left it out; parent-modify-scale booted on to the sixth
     * and stayed open: each table at its own look's level, said so.
     */
    @Test
    void reportOfAWorkloadDecidedBeforeTheOthers() throws Exception {
        AdaptiveSampling plan = new AdaptiveSampling(3, 6, 0.05);
        List<Sample> s = new ArrayList<>();
        Random noise = new Random(20261205);
        Metric bw = Metric.of("byte-write", "mode", "parent", "ns_per_op", Clock.INSTRUCTIONS.unit("ns"), true);
        Metric pm = Metric.of("parent-modify-scale", "Clients", "1", "avg_client_s", Clock.INSTRUCTIONS.unit("s"),
                true);
        for (int boot = 0; boot < 6; boot++) {
            if (boot < 3) {
                bw.add(s, Side.BASE, boot, 3710 * Math.exp(0.002 * noise.nextGaussian()));
                bw.add(s, Side.PATCHED, boot, 3710 * 1.08 * Math.exp(0.002 * noise.nextGaussian()));
            }
            pm.add(s, Side.BASE, boot, 0.31 * Math.exp(0.03 * noise.nextGaussian()));
            pm.add(s, Side.PATCHED, boot, 0.31 * Math.exp(0.03 * noise.nextGaussian()));
        }
        MetricPolicy p = new MetricPolicy(Map.of("byte-write", Set.of("ns_per_op"), "parent-modify-scale",
                Set.of("avg_client_s")), Map.of(), 0.05).withLooks(plan.spending());
        String body = renderer.report(exampleFactsOnInstructions(), new Measurement(new ChangeEstimator(p).compare(s),
                6, plan, 0, List.of(), List.of()));
        ReplyRendererTest.assertMailWidth(body);
        assertThat(body).contains("decided at 3 boots a kernel: later pairs left byte-write out",
                "at the level each table's");
        Golden.check("report-decided-early", body);
    }

    @Test
    void reportOfNothingUnderKvmAfterTwoLooks() throws Exception {
        Golden.check("report-kvm-nothing", renderer.report(kvmFactsWithoutPatch(), new Measurement(
                quiet(), 4, QUICK, 0, List.of(), List.of())));
    }

    @Test
    void gateFailure() throws Exception {
        Golden.check("gate-failure", renderer.gateFailure(ReplyRendererTest.facts(), List.of(
                "patched boot 1: inotify-create: 0 event(s) read",
                "patched boot 2: inotify-move: IN_MOVED_FROM/IN_MOVED_TO with one cookie")));
    }

    @Test
    void doesNotApply() throws Exception {
        Golden.check("does-not-apply", renderer.doesNotApply(kvmFactsWithoutPatch(), new ApplyResult(
                Optional.empty(), Optional.of("0001 fsnotify: x"), Optional.of("fs/notify/fsnotify.c:256"),
                List.of("Applying: fsnotify: x", "error: patch failed: fs/notify/fsnotify.c:256",
                        "error: fs/notify/fsnotify.c: patch does not apply", "Patch failed at 0001 fsnotify: x"))));
    }

    @Test
    void buildFailure() throws Exception {
        Golden.check("build-failure", renderer.buildFailure(ReplyRendererTest.facts(), BuildResult.failed("patched",
                "2545c8ac2fc9aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", new BuildResult.Cost(3, 1, false),
                List.of("fs/notify/fsnotify.c:265:13: error: 'parent_interested_typo' undeclared (first use in this"
                        + " function); did you mean 'parent_interested'? and a long tail " + "x".repeat(60),
                        "make[4]: *** [scripts/Makefile.build:229: fs/notify/fsnotify.o] Error 1"),
                Path.of("/tmp/log"))));
    }

    @Test
    void buildStoppedByItsLimits() throws Exception {
        Golden.check("build-failure-limits", renderer.buildFailure(ReplyRendererTest.facts(), BuildResult.failed(
                "patched", "2545c8ac2fc9aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", new BuildResult.Cost(3, 1, false),
                List.of("/bin/sh: 1: Cannot fork", "[fsnbot: stopped: the output passed 64 MiB]"), Path.of("/tmp/log"),
                List.of(new LimitHit(LimitHit.Kind.MEMORY, 4L << 30, 1), new LimitHit(LimitHit.Kind.PROCESSES, 512,
                        2301), new LimitHit(LimitHit.Kind.OUTPUT, 64L << 20, 67_108_865)))));
    }

    @Test
    void infrastructureFailure() throws Exception {
        Golden.check("infrastructure-failure", renderer.infrastructureFailure(ReplyRendererTest.facts(),
                new BootRecord(Side.PATCHED, 0, 2, new BootOutcome("patched-1-try2", BootStatus.TIMEOUT, "TCG", 300,
                        List.of(), new BootOutcome.Console(Path.of("/var/cache/fsnbot/jobs/17/boots/patched-1-try2.log"),
                                List.of(
                                "[  300.1] rcu: INFO: rcu_sched self-detected stall on CPU",
                                "[  300.2] \tfsnotify+0x1f/0x40")),
                        ""), BootResults.NONE), true));
    }
}
