package org.fsnbot.job;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.mail.Message;
import jakarta.mail.Session;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayInputStream;
import java.time.Duration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.Optional;
import org.fsnbot.build.KernelBuilder;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.app.Application;
import org.fsnbot.app.Config;
import org.fsnbot.plan.ClockSetting;
import org.fsnbot.app.Home;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchSeries;
import org.fsnbot.mail.DeliveryHooks;
import org.fsnbot.mail.MailSettings;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.plan.Hugepages;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import org.fsnbot.report.ReplyRendererTestAccess;
import org.fsnbot.stats.MetricNoise;
import org.fsnbot.stats.Verdict;
import org.fsnbot.store.CalibrationKey;
import org.fsnbot.store.Store;
import org.fsnbot.testing.ExampleVariants;
import org.fsnbot.testing.KernelFixture;
import org.fsnbot.testing.Repo;
import org.fsnbot.testing.SchemaCheck;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.fsnbot.testing.SharedKernel;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The whole slice for real: Debian's linux-source-6.12 built with our
 * fragment, base and patched kernels booted in QEMU with two NUMA nodes,
 * the quick profile measured, the reply written. The first test pays for
 * the cold base build; the others reuse it.
 */
@Tag("e2e")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ExtendWith(SharedKernel.class)
public class PatchTestIT {

    /**
     * The tag of tests that need this machine to themselves: failsafe runs
     * them after the two parallel lanes of every other suite (bot/pom.xml).
     */
    public static final String QUIET = "quiet";

    private static Application app;
    private static JobRunner pipeline;
    /** Where the jobs' patched trees are published (a bare repository, as an operator's remote would be). */
    private static Path published;

    @BeforeAll
    static void wire(@TempDir Path tmp) throws Exception {
        published = tmp.resolve("published.git");
        org.eclipse.jgit.api.Git.init().setBare(true).setDirectory(published.toFile()).call().close();
        // An operator's publishing remote is a fork of the kernel: it has the base's history, and a job
        // pushes its patch's commit alone. An empty one would take the tree's whole history at the first
        // push (80 CPU-seconds of packing, in each JVM that runs this class).
        String objects = new CommandRunner().check(List.of("git", "rev-parse", "--path-format=absolute",
                "--git-path", "objects"), KernelFixture.tree(), Duration.ofMinutes(1)).outputText().strip();
        Files.writeString(published.resolve("objects/info/alternates"), objects + "\n");
        // Hugepages matter to the pinned guest only (scripts/test.sh reserves them): the other guests are unpinned.
        app = e2eApplication(tmp.resolve("outbox"), Config.Sandboxing.Mode.BWRAP,
                c -> {
                    // The runner lives in the deployment: set the hugepages on the deployment that is published from.
                    Config r = c.withRunner(new Config.Runner(c.runner().identity(), c.runner().sandbox(),
                            c.runner().quiet(), Hugepages.parse("2M", Path.of("/sys")), c.runner().clock(),
                            c.runner().calibrationPairs()));
                    return r.withDeployment(new Config.Deployment(r.deployment().runner(), r.deployment().store(),
                            r.deployment().fleet(), new org.fsnbot.app.Publishing(Optional.of(published.toString()),
                                    "fsnbot/")));
                });
        pipeline = app.jobRunner();
    }

    /** fsnbot on the shared e2e home (the kernel builds are kept there; its lane's state), replies to outbox. */
    static Application e2eApplication(Path outbox) throws Exception {
        return e2eApplication(outbox, Config.Sandboxing.Mode.BWRAP);
    }

    /** The same in another sandbox mode. */
    static Application e2eApplication(Path outbox, Config.Sandboxing.Mode sandbox) throws Exception {
        return e2eApplication(outbox, sandbox, c -> c);
    }

    /** The same, with more of the configuration changed (the job defaults a queued unit is measured with). */
    public static Application e2eApplication(Path outbox, Config.Sandboxing.Mode sandbox,
            java.util.function.UnaryOperator<Config> more) throws Exception {
        Config loaded = Config.load(Optional.empty());
        Config.Runner r = loaded.runner();
        // No calibration at first use unless a test asks (its boots would cost every suite's new profile 3 pairs).
        Config c = more.apply(loaded.withRunner(new Config.Runner(r.identity(), r.sandbox(), new Config.Quietness(
                KernelFixture.e2eMaxCpuPressurePct(), r.quiet().quietWait()), r.hugepages(), r.clock(), 0)));
        return Application.open(c.withHome(Home.at(KernelFixture.home()).withState(KernelFixture.state())
                .withOutbox(outbox)).withMailing(
                new Config.Mailing("fsnbot <fsnbot@fsnbot.test>", MailSettings.dryRun(), List.of(), true, Optional.empty(),
                        c.mailing().weekly()))
                .withSandbox(new Config.Sandboxing(sandbox, c.sandbox().user(), c.sandbox().image())),
                DeliveryHooks.NONE);
    }

    static Base kernelBase() {
        return new Base(KernelFixture.tree().toString(), base(), BaseReason.of(BaseReason.Kind.NAMED_ON_COMMAND_LINE));
    }

    /** The job `fsnbot test-patch --mbox <mbox>` makes. */
    static Job request(Path mbox, Profile profile) throws Exception {
        PatchSeries series = new MboxReader().readSeries(mbox);
        return new Job(kernelBase(), new Candidate.Series(series, mbox), profile,
                Topology.parse("sockets=2,cores=1,nodes=2"), new ReplyRoute.UnderMail(series.replyTarget()), true,
                KernelBuilder.Code.TRUSTED);
    }

    static String base() {
        try {
            return KernelFixture.base();
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A small profile for the failure cases: they need a boot, not precision. */
    static Profile tinyProfile(Path dir, int timeoutSeconds) throws Exception {
        Path f = dir.resolve("tiny.json");
        Files.writeString(f, "{\"name\":\"tiny\",\"description\":\"failure-path tests\",\"bootsPerKernel\":2,"
                + "\"bootTimeoutSeconds\":" + timeoutSeconds + ",\"workloads\":[{\"name\":\"byte-write\",\"args\":"
                + "[\"--modes\",\"none,parent\",\"--iterations\",\"2000\",\"--warmup\",\"10\",\"--reps\",\"1\"],"
                + "\"verdictMetrics\":[\"ns_per_op\"]}]}");
        return Profile.load(f.toString());
    }

    public static MimeMessage parse(Path eml) throws Exception {
        return new MimeMessage(Session.getInstance(new Properties()), new ByteArrayInputStream(Files.readAllBytes(eml)));
    }

    /** Plain text, every line within 80 columns but the commands and URLs a reader pastes whole. */
    public static void assertPlainEightyColumnMail(Path eml) throws Exception {
        MimeMessage m = parse(eml);
        assertThat(m.getContentType()).startsWith("text/plain").doesNotContainIgnoringCase("flowed");
        ReplyRendererTestAccess.assertMailWidth(((String) m.getContent()).replace("\r\n", "\n"));
    }

    /** The job's kept JSON, checked against docs/result.schema.json; its exit code is the outcome's. */
    static JsonNode assertResultJson(JobOutcome o) throws Exception {
        JsonNode json = new ObjectMapper().readTree(o.dir().resolve(ResultFiles.JSON).toFile());
        assertThat(SchemaCheck.docs("result.schema.json").errors(json)).isEmpty();
        assertThat(json.get("exitCode").asInt()).isEqualTo(o.outcome().exitCode());
        assertThat(json.get("job").asLong()).isEqualTo(o.jobId());
        return json;
    }

    @Test
    @Order(1)
    void theExamplePatchIsCaughtAsARegression() throws Exception {
        // Three boots a kernel, no fourth pair: the example's regression is tenfold, and the fourth pair
        // (which the other, inconclusive metrics always ask for) cost CI a minute and a half.
        JobOutcome o = pipeline.run(request(Repo.exampleMbox(), Profile.load("quick").withBoots(3)));
        assertThat(o.kind()).isEqualTo(ReplyKind.REPORT);
        // Every later suite builds its patches from the base's objects: if this one had to compile the
        // kernel again, each of them would too (10 min a build here), and CI would run out of time.
        assertThat(app.store().count("builds", "job_id = ? AND label = 'patched' AND objects_compiled < 20",
                o.jobId())).as("the patched kernel was built from the base's objects").isEqualTo(1);
        // When this fails, the figures say why (a CV, a busy boot): every table is in the results file.
        assertThat(o.verdict()).as(() -> tables(o)).contains(Verdict.REGRESSION);

        MimeMessage m = parse(o.eml());
        String patchId = "<20261130084519.1-fsnbot-example@fsnbot.invalid>";
        assertThat(m.getSubject()).isEqualTo(
                "Re: [PATCH] fsnotify: revalidate children's parent-watched flags on every parent event");
        assertThat(m.getHeader("In-Reply-To", null)).isEqualTo(patchId);
        assertThat(m.getHeader("References", null)).contains(patchId);
        assertThat(addresses(m, Message.RecipientType.TO)).containsExactly("fsnbot-example@fsnbot.invalid");
        assertThat(addresses(m, Message.RecipientType.CC)).containsExactly("fsnotify-maintainer@example.org",
                "fsnotify-reviewer@example.org", "linux-fsdevel@example.org");
        assertPlainEightyColumnMail(o.eml());

        String body = ((String) m.getContent()).replace("\r\n", "\n");
        assertThat(body.split("\n")[2]).isEqualTo("fsnbot measured this patch against its base: REGRESSION");
        assertThat(body).containsPattern("(?m)^  regression: parent-modify-scale clients=[12] avg_client_s \\+\\d");
        // The facts block, from this machine and this build.
        assertThat(body).contains("patch:     https://lore.kernel.org/r/20261130084519.1-fsnbot-example@fsnbot.invalid")
                .containsPattern("(?m)^compiler:  gcc ").containsPattern("(?m)^config:    sha256:[0-9a-f]{16} ")
                .containsPattern("(?m)^qemu:      QEMU emulator version ")
                .containsPattern("(?m)^runner:    \\S+ \\(class local\\): .*CPUs");
        // One unwrapped command reproduces it, by message-id.
        assertThat(body).containsPattern("(?m)^  fsnbot test-patch --msgid 20261130084519.1-fsnbot-example@fsnbot"
                + "\\.invalid --tree \\S+ --base [0-9a-f]{40} --profile quick --runs 3 --topology \\S+$");
        // Every table is in the results file; the reply folds those inconclusive in every row.
        String results = Files.readString(o.dir().resolve(ResultFiles.TABLES));
        assertThat(results).containsPattern("(?m)^  mode +base +patched +change +\\d+(\\.\\d)?% CI +verdict$");
        for (String mode : List.of("none", "other", "parent", "parent-nomatch")) {
            assertThat(results).containsPattern("(?m)^  " + mode + " +[\\d.]+ +[\\d.]+ +[-+][\\d.]+% +\\[");
        }
        assertThat(body.contains("byte-write: ns_per_op in insns")).isNotEqualTo(body.contains(
                "  byte-write ns_per_op: 4 rows"));
        assertThat(o.dir().resolve(ResultFiles.CONFIG)).isRegularFile();
        JsonNode json = assertResultJson(o);
        assertThat(json.get("outcome").asText()).isEqualTo("regression");
        assertThat(o.outcome().exitCode()).isEqualTo(1);
        assertThat(body).containsPattern("(?m)^  clients +base +patched +change +\\d+(\\.\\d)?% CI +verdict$");
        java.util.regex.Matcher level = java.util.regex.Pattern.compile("(?m)^  clients .* (\\d+(\\.\\d)?%) CI ")
                .matcher(body);
        assertThat(level.find()).isTrue();
        assertThat(body.replaceAll("\\s+", " ")).as("the Method line (folded) names the tables' level").contains(
                "Method: Welch t on log per-boot means (Yuen's trimmed t when a few boots lie 3 MADn out, from 12 boots"
                        + " a side), " + level.group(1) + " CI;");
        // The example costs ~10x per event. On the instruction clock the one-client row is judged; two
        // clients take turns on one host thread there, so their row is in the results file, not judged.
        assertThat(body).containsPattern("(?m)^  1 +[\\d.]+ +[\\d.]+ +\\+\\d.*regression$");
        assertThat(results).containsPattern("(?m)^  clients=2 +avg_client_s +[\\d.]+ +[\\d.]+ +\\+\\d");
        assertThat(body).containsPattern("accel: +(TCG \\(emulated: figures measure the pipeline|KVM)");
        // Under TCG the runner counts instructions (runner.clock auto): the load is measured, not judged.
        assertThat(body.replaceAll("\\s+", " ")).containsPattern(
                "load: CPU pressure <= \\d+\\.\\d% per counted boot \\(not judged: an instruction count");
        assertThat(body).contains("clock:     instructions executed (QEMU icount")
                .containsPattern("(?m)^  1 +[\\d.]+ +[\\d.]+ +\\+\\d.*regression$")
                .contains("avg_client_s in Ginsns");
        assertThat(json.at("/facts/clock").asText()).isEqualTo("instructions");

        Store store = app.store();
        assertThat(store.count("boots", "job_id = ? AND status = 'OK'", o.jobId())).isGreaterThanOrEqualTo(6);
        assertThat(store.count("boots", "job_id = ? AND status = 'OK' AND guest_info NOT LIKE ?", o.jobId(),
                "%\"nodes_online\":\"0-1\"%")).as("every guest saw two NUMA nodes").isZero();
        assertThat(store.count("outgoing_mail", "job_id = ?", o.jobId())).isEqualTo(1);
    }

    @Test
    @Order(2)
    void aPatchThatDoesNotApplyGetsAReplyNamingTheHunkAndNoVerdict(@TempDir Path dir) throws Exception {
        JobOutcome o = pipeline.run(request(ExampleVariants.notApplying(dir), Profile.load("quick")));
        assertThat(o.kind()).isEqualTo(ReplyKind.DOES_NOT_APPLY);
        assertThat(o.verdict()).isEmpty();
        // The base is the tree's Debian import, whichever linux-source-6.12 the machine's apt gave.
        assertThat(o.body()).containsPattern("does not apply to base [0-9a-f]{12} \\(\"Linux 6\\.12\\.\\d+")
                .containsPattern("First failing file/hunk: fs/notify/fsnotify.c:\\d+")
                .doesNotContain("REGRESSION", "inconclusive");
        assertPlainEightyColumnMail(o.eml());
        assertThat(assertResultJson(o).get("outcome").asText()).isEqualTo("candidate-broken");
        assertThat(o.outcome().exitCode()).isEqualTo(3);
    }

    @Test
    @Order(3)
    void aBuildFailureQuotesTheCompilerAndReusesTheBaseBuild(@TempDir Path dir) throws Exception {
        JobOutcome o = pipeline.run(request(ExampleVariants.notCompiling(dir), Profile.load("quick")));
        assertThat(o.kind()).isEqualTo(ReplyKind.BUILD_FAILURE);
        assertThat(o.verdict()).isEmpty();
        assertThat(o.body()).contains("could not build the patched kernel", "error:", "parent_interested_typo");
        long quoted = Arrays.stream(o.body().split("\n")).filter(l -> l.startsWith("  ") && l.contains("error")).count();
        assertThat(quoted).isBetween(1L, 40L);
        assertPlainEightyColumnMail(o.eml());
        assertResultJson(o);
        assertThat(o.outcome().exitCode()).isEqualTo(3);
        Store store = app.store();
        assertThat(store.count("builds", "job_id = ? AND label = 'base' AND reused", o.jobId())).isEqualTo(1);
    }

    @Test
    @Order(4)
    void aPanickingKernelIsAnInfrastructureFailureWithItsConsoleKept(@TempDir Path dir) throws Exception {
        JobOutcome o = pipeline.run(request(ExampleVariants.panicking(dir), tinyProfile(dir, 120)));
        assertThat(o.kind()).isEqualTo(ReplyKind.INFRASTRUCTURE_FAILURE);
        assertThat(o.verdict()).isEmpty();
        assertThat(o.body().replaceAll("\\s+", " ")).contains("infrastructure failure", "Kernel panic",
                "the patched kernel failed to boot twice.", "the kernel panicked.", "may well be the patch's doing",
                "boots/patched-1-try").doesNotContain("REGRESSION",
                        "inconclusive");
        assertThat(assertResultJson(o).get("outcome").asText()).isEqualTo("infrastructure");
        assertThat(o.outcome().exitCode()).isEqualTo(4);
        Store store = app.store();
        assertThat(store.count("boots", "job_id = ? AND status = 'PANIC'", o.jobId())).isEqualTo(2);
        assertThat(store.count("boots", "job_id = ? AND status = 'PANIC' AND console_tail LIKE ?", o.jobId(),
                "%fsnbot: deliberate test panic%")).isEqualTo(2);
        assertThat(store.count("verdicts", "job_id = ?", o.jobId())).isZero();
        // The base build was reused and the patched one rebuilt only a few files.
        assertThat(store.count("builds", "job_id = ? AND label = 'base' AND reused", o.jobId())).isEqualTo(1);
        assertThat(store.count("builds", "job_id = ? AND label = 'patched' AND objects_compiled < 20", o.jobId()))
                .isEqualTo(1);
    }

    @Test
    @Order(5)
    @Tag(QUIET) // a 30 s boot limit: the other lane's boots would stretch a healthy boot past it
    void aHangingKernelTimesOutIntoAnInfrastructureFailure(@TempDir Path dir) throws Exception {
        JobOutcome o = pipeline.run(request(ExampleVariants.hanging(dir), tinyProfile(dir, 30)));
        assertThat(o.kind()).isEqualTo(ReplyKind.INFRASTRUCTURE_FAILURE);
        assertThat(o.body().replaceAll("\\s+", " ")).contains("failed to boot twice.")
                .containsPattern("Boot patched-1-try2: no power-off within \\d+ s, a hang; QEMU was killed\\.");
        assertThat(app.store().count("boots", "job_id = ? AND status = 'TIMEOUT'", o.jobId())).isEqualTo(2);
        assertThat(app.store().count("verdicts", "job_id = ?", o.jobId())).isZero();
    }

    @Test
    @Order(6)
    void calibrationFilesEachMetricsNoiseForThisRunner(@TempDir Path dir) throws Exception {
        Profile tiny = tinyProfile(dir, 120);
        Topology topology = Topology.parse("sockets=2,cores=1,nodes=2");
        Calibrator.Calibration c = app.calibrator().run(kernelBase(), tiny, topology, 3);
        assertThat(c.noise()).extracting(n -> n.key().variant()).contains("none", "parent");
        assertThat(c.noise()).allSatisfy(n -> {
            assertThat(n.boots()).isEqualTo(6);
            assertThat(n.cvPct()).as("an instruction count may repeat exactly").isNotNegative().isLessThan(100);
        });
        assertThat(c.aa().verdictMetrics()).hasSize(2);
        List<MetricNoise> filed = app.store().calibrations().noiseFor(new CalibrationKey(app.runnerName().name(),
                c.accelerator(), c.clock(), topology.toString(), "tiny"));
        assertThat(c.clock()).isEqualTo("instructions");
        assertThat(filed).hasSameSizeAs(c.noise());
    }

    @Test
    @Order(7)
    @Tag(QUIET) // wall-clock boots judged by the host's CPU pressure, which the other lane makes
    void aBootDuringWhichTheRunnerWasBusyIsNoSampleAndIsBootedAgainOnceItIsQuiet(@TempDir Path dir)
            throws Exception {
        // Two threads spinning here compete with the guest's two vCPUs for this
        // machine's CPUs until the first boot has ended; on wall time the job must
        // not count it (an instruction count is not judged by the load at all).
        Application wall = e2eApplication(dir.resolve("outbox"), Config.Sandboxing.Mode.BWRAP, c -> c.withRunner(
                new Config.Runner(c.runner().identity(), c.runner().sandbox(), c.runner().quiet(),
                        c.runner().hugepages(), ClockSetting.WALL, 0)));
        java.util.concurrent.atomic.AtomicBoolean spin = new java.util.concurrent.atomic.AtomicBoolean(true);
        Store store = wall.store();
        long before = store.count("boots", "status = 'BUSY'");
        for (int i = 0; i < 2; i++) {
            Thread t = new Thread(() -> {
                while (spin.get()) {
                    Thread.onSpinWait();
                }
            });
            t.setDaemon(true);
            t.start();
        }
        Thread stopper = new Thread(() -> {
            while (store.count("boots", "status = 'BUSY'") == before) {
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    break;
                }
            }
            spin.set(false);
        });
        stopper.setDaemon(true);
        stopper.start();
        JobOutcome o;
        try {
            o = wall.jobRunner().run(request(Repo.exampleMbox(), tinyProfile(dir, 120)));
        } finally {
            spin.set(false);
            stopper.interrupt();
        }
        assertThat(o.kind()).as(() -> o.body()).isEqualTo(ReplyKind.REPORT);
        assertThat(store.count("boots", "job_id = ? AND status = 'BUSY' AND cpu_pressure_pct > ?", o.jobId(),
                KernelFixture.e2eMaxCpuPressurePct()))
                .as("the boot under load was measured busy").isGreaterThanOrEqualTo(1);
        assertThat(store.count("boots", "job_id = ? AND status = 'OK'", o.jobId())).isEqualTo(4);
        // Quiet as the rule says (HostPressure.busy): at most the limit of the boot and 0.2 s, give or take
        // the 0.05 s between the gauge's wall time and the boot's recorded seconds.
        assertThat(store.count("boots", "job_id = ? AND status = 'OK' AND cpu_pressure_pct * seconds <= ? * seconds"
                + " + 25", o.jobId(), KernelFixture.e2eMaxCpuPressurePct())).as("every boot that counts was quiet")
                .isEqualTo(4);
        // The facts are prose wrapped at 80 columns: a two-digit pressure moves the count to a continuation line.
        assertThat(o.body().replace("\n    ", " ")).containsPattern("(?m)^load: +CPU pressure <= \\d+\\.\\d% per counted"
                + " boot \\(limit \\d+% \\+ 0\\.2 s\\); \\d busy boots? not counted$");
    }

    /**
     * Each vCPU thread's Cpus_allowed_list, by the thread's name ("CPU 0/TCG"), of every QEMU this JVM runs
     * now (the other test lane's are not this test's).
     */
    private static java.util.Map<String, String> vcpuAffinity() throws java.io.IOException {
        java.util.Map<String, String> out = new java.util.TreeMap<>();
        try (var procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(x -> x.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    if (!Files.readString(p.resolve("comm")).startsWith("qemu-system")
                            || !descendsFromThisJvm(Long.parseLong(p.getFileName().toString()))) {
                        continue;
                    }
                    try (var tasks = Files.list(p.resolve("task"))) {
                        for (Path t : tasks.toList()) {
                            String comm = Files.readString(t.resolve("comm")).trim();
                            if (comm.matches("CPU \\d+/(TCG|KVM)")) {
                                Files.readAllLines(t.resolve("status")).stream()
                                        .filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst()
                                        .ifPresent(l -> out.put(p.getFileName() + " " + comm, l.substring(18).trim()));
                            }
                        }
                    }
                } catch (java.io.IOException gone) {
                    // A process that ended while we looked.
                }
            }
        }
        return out;
    }

    private static boolean descendsFromThisJvm(long pid) {
        long self = ProcessHandle.current().pid();
        java.util.Optional<ProcessHandle> h = ProcessHandle.of(pid).flatMap(ProcessHandle::parent);
        while (h.isPresent()) {
            if (h.get().pid() == self) {
                return true;
            }
            h = h.get().parent();
        }
        return false;
    }

    @Test
    @Order(8)
    @Tag(QUIET) // a pinned guest measures wall time (an instruction count cannot see placement): judged by pressure
    void aPinnedTwoNodeGuestRunsOnThePlannedCpusSeesItsTwoNodesAndIsVerified(@TempDir Path dir) throws Exception {
        // Seen from outside, while the boots run: each vCPU thread's affinity, as the kernel keeps it.
        java.util.concurrent.ConcurrentHashMap<String, String> seen = new java.util.concurrent.ConcurrentHashMap<>();
        java.util.concurrent.atomic.AtomicBoolean watching = new java.util.concurrent.atomic.AtomicBoolean(true);
        long freeBefore = freeHugepages();
        assertThat(freeBefore).as("2 MiB hugepages reserved for the guest's 2 x 256 MiB (scripts/test.sh)")
                .isGreaterThanOrEqualTo(256);
        java.util.concurrent.atomic.AtomicLong leastFree = new java.util.concurrent.atomic.AtomicLong(freeBefore);
        Thread watcher = new Thread(() -> {
            while (watching.get()) {
                try {
                    vcpuAffinity().forEach((k, v) -> seen.merge(k, v, (a, b) -> a.equals(b) ? a : a + "|" + b));
                    leastFree.accumulateAndGet(freeHugepages(), Math::min);
                    Thread.sleep(100);
                } catch (java.io.IOException | InterruptedException e) {
                    return;
                }
            }
        });
        watcher.setDaemon(true);
        watcher.start();
        JobOutcome o;
        try {
            PatchSeries series = new MboxReader().readSeries(Repo.exampleMbox());
            o = pipeline.run(new Job(kernelBase(), new Candidate.Series(series, Repo.exampleMbox()),
                    tinyProfile(dir, 120), Topology.parse("sockets=2,cores=1,nodes=2,pin"),
                    new ReplyRoute.UnderMail(series.replyTarget()), true, KernelBuilder.Code.TRUSTED));
        } finally {
            watching.set(false);
        }
        assertThat(o.kind()).as(() -> o.body()).isEqualTo(ReplyKind.REPORT);
        Store store = app.store();
        assertThat(store.count("boots", "job_id = ? AND status = 'OK' AND placement LIKE ?", o.jobId(),
                "%\"pinned\":true%")).as("every boot that counts says it was pinned").isEqualTo(4);
        assertThat(store.text("SELECT CAST(topology_verified AS VARCHAR(8)) FROM jobs WHERE id = ?", o.jobId()))
                .isEqualToIgnoringCase("true");
        // Per QEMU process: its threads start (paused) on every CPU, are pinned before the guest runs, and
        // stay pinned to the end.
        assertThat(seen).as("the kernel's own record of the vCPU threads of each boot, read while they ran")
                .isNotEmpty().allSatisfy((thread, history) -> {
                    String want = thread.endsWith("CPU 0/TCG") ? "0" : "1";
                    List<String> h = List.of(history.split("\\|"));
                    assertThat(h.get(h.size() - 1)).as(thread).isEqualTo(want);
                    assertThat(h.subList(h.indexOf(want), h.size())).as(thread).containsOnly(want);
                });
        String body = o.body();
        assertThat(body).containsPattern("guest:     6\\.12\\.\\d+, sockets=2,cores=1,threads=1,nodes=2,mem=512M,pin")
                .contains("numa:      guest node 0: vCPU 0 on host CPU 0, 256 MiB bound to host node 0")
                .contains("numa:      guest node 1: vCPU 1 on host CPU 1, 256 MiB bound to host node 0")
                .contains("numa:      guest memory in 2 MiB hugepages, preallocated")
                .contains("note: the host has 1 NUMA node for 2 guest nodes")
                .contains("verified: the guest saw these nodes");
        assertThat(store.texts("SELECT guest_info FROM boots WHERE job_id = ? AND status = 'OK'", o.jobId()))
                .allSatisfy(g -> assertThat(g).contains("\"numa\":[{\"node\":0,\"cpus\":\"0\"")
                        .contains("{\"node\":1,\"cpus\":\"1\""));
        JsonNode json = assertResultJson(o);
        assertThat(json.path("facts").path("numa").path("verified").asBoolean()).isTrue();
        assertThat(freeBefore - leastFree.get()).as("the guest's memory taken from the host's free hugepages")
                .isGreaterThanOrEqualTo(256);
    }

    /** The host's free 2 MiB hugepages, as /proc/meminfo counts them. */
    private static long freeHugepages() throws java.io.IOException {
        return Files.readAllLines(Path.of("/proc/meminfo")).stream().filter(l -> l.startsWith("HugePages_Free:"))
                .map(l -> Long.parseLong(l.replaceAll("\\D", ""))).findFirst().orElse(0L);
    }

    private static String tables(JobOutcome o) {
        try {
            return Files.readString(o.dir().resolve(ResultFiles.TABLES));
        } catch (java.io.IOException e) {
            return "no results file: " + e;
        }
    }

    private static List<String> addresses(MimeMessage m, Message.RecipientType t) throws Exception {
        return Arrays.stream(m.getRecipients(t)).map(a -> ((InternetAddress) a).getAddress()).toList();
    }

    /**
     * A workload the stopping rule has settled is left out of the later
     * boots by the guest itself (fsnbot.skip on the kernel command line,
     * honoured by qemu-images/init), both kernels of a pair alike, while
     * the workloads still open run on.
     */
    @Test
    @Order(9)
    void aWorkloadSettledByEarlierBootsIsNotRunInTheLaterOnes(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("two.json");
        Files.writeString(f, "{\"name\":\"two\",\"description\":\"settled workloads\",\"bootsPerKernel\":2,"
                + "\"bootTimeoutSeconds\":120,\"workloads\":[{\"name\":\"byte-write\",\"args\":[\"--modes\",\"none\","
                + "\"--iterations\",\"2000\",\"--warmup\",\"10\",\"--reps\",\"1\"],\"verdictMetrics\":[\"ns_per_op\"]},"
                + "{\"name\":\"pipe-messaging\",\"args\":[\"--clients\",\"1\",\"--iterations\",\"10\",\"--reps\",\"1\"],"
                + "\"verdictMetrics\":[\"total_s\"]}]}");
        org.fsnbot.testbed.MorePairs more = new org.fsnbot.testbed.MorePairs() {
            @Override
            public boolean wanted(org.fsnbot.run.RunResult soFar, int pairs) {
                return pairs < 2;
            }

            @Override
            public java.util.Set<String> settled(org.fsnbot.run.RunResult soFar) {
                return java.util.Set.of("byte-write");
            }
        };
        JobRunner.Measuring m = app.jobRunner().measure(request(Repo.exampleMbox(), Profile.load(f.toString())),
                new org.fsnbot.testbed.Budget(1, 2), more);
        assertThat(m.step()).isInstanceOf(Step.Next.class);
        org.fsnbot.run.RunResult run = ((Step.Next<Booted>) m.step()).value().measurement().run();
        assertThat(run.pairs()).isEqualTo(2);
        for (org.fsnbot.run.BootRecord b : run.good()) {
            java.util.Set<String> ran = new java.util.TreeSet<>();
            b.samples().forEach(x -> ran.add(x.workload()));
            String console = Files.readString(b.outcome().console().log());
            if (b.index() == 0) {
                assertThat(ran).as(b.side() + " boot 1").containsExactly("byte-write", "pipe-messaging");
            } else {
                assertThat(ran).as(b.side() + " boot 2").containsExactly("pipe-messaging");
                assertThat(console).contains("fsnbot.skip=byte-write", "byte-write decided by earlier boots, not run");
            }
        }
    }

    /**
     * A finished job's files, published (here by an HTTP server of the
     * test's over a copy of them) and fetched by scripts/reproduce-job.sh
     * on "a machine" without fsnbot's home or configuration (an empty
     * environment, another directory): every file checked against
     * SHA256SUMS, the first pair booted again with QEMU alone, its counts
     * (the instruction clock) the measured ones within a few percent; a
     * file changed after publishing stops it before anything boots.
     */
    @Test
    @Order(10)
    void aFinishedJobsPublishedFilesAloneBootItsKernelsAgain(@TempDir Path dir) throws Exception {
        // byte-write with its listener held, as the built-in profiles run it on the instruction clock: a
        // draining listener's thread makes the reads' counts vary by tens of percent from boot to boot.
        Path held = dir.resolve("held.json");
        Path tiny = Path.of(tinyProfile(dir, 120).asRun().source());
        Files.writeString(held, Files.readString(tiny).replace("\"verdictMetrics\"",
                "\"instructionClockArgs\":[\"--listener\",\"held\"],\"verdictMetrics\""));
        JobOutcome o = pipeline.run(request(Repo.exampleMbox(), Profile.load(held.toString())));
        assertThat(o.kind()).as(o.body()).isEqualTo(ReplyKind.REPORT);
        for (String f : List.of("base.bzImage", "patched.bzImage", "initramfs.cpio.gz", "config", "profile.json",
                "patches/0001.patch", "reproduce.sh", "SHA256SUMS", "result.json")) {
            assertThat(o.dir().resolve(f)).as(f).isRegularFile();
        }
        assertThat(o.body()).contains("sh reproduce.sh");
        // The job's page beside its files, and the index listing it, written as the job ended.
        assertThat(o.dir().resolve("index.html")).content().contains("<h1>Job " + o.jobId() + ": ",
                "href=\"reproduce.sh\"");
        assertThat(o.dir().getParent().resolveSibling("www").resolve("index.html")).content()
                .contains("href=\"jobs/" + o.jobId() + "/index.html\"");
        // The patched tree, as built, on the publishing remote as the job's branch, named in the reply.
        assertThat(o.body()).contains("branch:    fsnbot/job-" + o.jobId() + " (the base with the patch applied) in\n           "
                + published + "\n",
                "git fetch " + published + " fsnbot/job-" + o.jobId());
        try (org.eclipse.jgit.lib.Repository r = org.eclipse.jgit.api.Git.open(published.toFile()).getRepository()) {
            String patched = new ObjectMapper().readTree(o.dir().resolve("result.json").toFile()).at("/facts/patched")
                    .asText();
            assertThat(patched).startsWith(r.resolve("refs/heads/fsnbot/job-" + o.jobId()).getName().substring(0, 12));
        }
        Path published = dir.resolve("www/jobs/" + o.jobId());
        Files.createDirectories(published.getParent());
        new ProcessBuilder("cp", "-a", o.dir().toString(), published.toString()).inheritIO().start().waitFor();
        com.sun.net.httpserver.HttpServer http = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        http.createContext("/", ex -> {
            Path f = dir.resolve("www").resolve(ex.getRequestURI().getPath().substring(1)).normalize();
            if (!f.startsWith(dir.resolve("www")) || !Files.isRegularFile(f)) {
                ex.sendResponseHeaders(404, -1);
            } else {
                ex.sendResponseHeaders(200, Files.size(f));
                try (java.io.OutputStream out = ex.getResponseBody()) {
                    Files.copy(f, out);
                }
            }
            ex.close();
        });
        http.start();
        try {
            String url = "http://127.0.0.1:" + http.getAddress().getPort() + "/jobs/" + o.jobId() + "/";
            Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
            String[] run = reproduce(url, elsewhere);
            assertThat(run[0]).as(run[1]).isEqualTo("0");
            assertThat(run[1]).contains("files: every one as published", "2 boot(s) booted again, 0 failed");
            // Beside the nearest measured boot of the kernel: the boot measured once can be the outlier.
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("largest difference from the measured"
                    + " [0-9.]+% \\([^)]*\\), from the nearest (base|patched) boot ([0-9.]+)%").matcher(run[1]);
            int boots = 0;
            while (m.find()) {
                boots++;
                assertThat(Double.parseDouble(m.group(2))).as(run[1]).isLessThan(10);
            }
            assertThat(boots).isEqualTo(2);
            Files.writeString(published.resolve("profile.json"), "{}");
            String[] tampered = reproduce(url, Files.createDirectories(dir.resolve("tampered")));
            assertThat(tampered[0]).isNotEqualTo("0");
            assertThat(tampered[1]).contains("FAILED").doesNotContain("booting");
        } finally {
            http.stop(0);
        }
    }

    /** scripts/reproduce-job.sh URL -n 2 in cwd, with nothing of fsnbot's in its environment: {exit, output}. */
    private static String[] reproduce(String url, Path cwd) throws Exception {
        ProcessBuilder pb = new ProcessBuilder("sh", Repo.root().resolve("scripts/reproduce-job.sh").toString(), url,
                "-n", "2").directory(cwd.toFile()).redirectErrorStream(true);
        pb.environment().clear();
        pb.environment().put("PATH", "/usr/local/bin:/usr/bin:/bin");
        pb.environment().put("HOME", cwd.toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        return new String[] {Integer.toString(p.waitFor()), out};
    }
}
