package org.fsnbot.pipeline;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.fsnbot.build.ApplyResult;
import org.fsnbot.build.BuildResult;
import org.fsnbot.build.KernelBuilder;
import org.fsnbot.build.KernelConfig;
import org.fsnbot.build.PatchApplier;
import org.fsnbot.build.SourceTrees;
import org.fsnbot.image.BlockImage;
import org.fsnbot.image.InitramfsBuilder;
import org.fsnbot.image.WorkloadBinaries;
import org.fsnbot.intake.MalformedMailException;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.intake.PatchSeries;
import org.fsnbot.mail.Delivery;
import org.fsnbot.mail.Reply;
import org.fsnbot.mail.ReplyComposer;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.WorkloadSpec;
import org.fsnbot.report.CommandAnswer;
import org.fsnbot.report.JobFacts;
import org.fsnbot.report.ReplyRenderer;
import org.fsnbot.run.BootRecord;
import org.fsnbot.run.InterleavedRunner;
import org.fsnbot.run.RunResult;
import org.fsnbot.run.Side;
import org.fsnbot.stats.AdaptiveSampling;
import org.fsnbot.stats.ChangeEstimator;
import org.fsnbot.stats.Comparison;
import org.fsnbot.stats.MetricPolicy;
import org.fsnbot.store.Store;
import org.fsnbot.vm.AcceleratorProbe;

/**
 * The end-to-end slice: mbox in, reply in the outbox. Each step hands its
 * result to the next; the first step that cannot go on decides the kind of
 * reply (does not apply, build failure, infrastructure failure) and no
 * verdict is made from anything but a complete, clean run.
 */
public final class PatchTestPipeline {

    /** The stages this pipeline drives, built once per process. */
    public record Stages(MboxReader mboxReader, SourceTrees trees, PatchApplier applier, KernelBuilder builder,
            KernelConfig config, WorkloadBinaries workloads, InitramfsBuilder initramfs, BlockImage blockImage,
            AcceleratorProbe probe,
            InterleavedRunner runner, ReplyRenderer renderer, ReplyComposer composer, Delivery delivery, Store store) {
    }

    private final Stages s;
    private final Path workRoot;
    private final PrintStream progress;
    private AcceleratorProbe.Decision probed;

    public PatchTestPipeline(Stages stages, Path workRoot, PrintStream progress) {
        this.s = stages;
        this.workRoot = workRoot;
        this.progress = progress;
    }

    public PatchTestOutcome run(PatchTestRequest req) throws IOException, MalformedMailException, SQLException {
        return run(req, s.mboxReader().readSeries(req.mbox()));
    }

    /** Tests a series already assembled (by the follower), in the order given. */
    public PatchTestOutcome run(PatchTestRequest req, PatchSeries series) throws IOException, SQLException {
        return run(req, series, Optional.empty());
    }

    /** As run, answering answerTo (the #fsnbot command that asked) instead of the series' own thread root. */
    public PatchTestOutcome run(PatchTestRequest req, PatchSeries series, Optional<PatchMail> answerTo)
            throws IOException, SQLException {
        PatchMail target = answerTo.orElse(series.replyTarget());
        progress.printf("series: %s (%d patch%s)%n", target.subject(), series.patches().size(),
                series.patches().size() == 1 ? "" : "es");
        Change change = new Change(target.subject(), target.messageId(),
                (checkout, base) -> s.applier().apply(checkout, base, series.toApply()),
                body -> s.composer().compose(target, body), req.requested(), series.trailers());
        return start(req, s.store().saveSeries(series), change);
    }

    /** Measures a tree's head against an older commit of it; the report starts its own thread. */
    public PatchTestOutcome compare(RevisionCompareRequest req) throws IOException, SQLException {
        return compare(req, Optional.empty());
    }

    /** As compare, answering the command mail that asked when there is one. */
    public PatchTestOutcome compare(RevisionCompareRequest req, Optional<PatchMail> answerTo)
            throws IOException, SQLException {
        Path repo = s.trees().localRepository(req.tree());
        String head = s.trees().resolve(repo, req.headRev());
        String subject = "[fsnbot] " + s.trees().describe(repo, head);
        progress.printf("compare: %s against %s%n", head.substring(0, 12), req.baseRev());
        Change change = new Change(subject, null, (checkout, base) -> s.applier().checkoutRevision(checkout, head),
                body -> answerTo.map(m -> s.composer().compose(m, body))
                        .orElseGet(() -> s.composer().composeNew(req.reportTo(), subject, body)), req.requested(),
                List.of());
        return start(req, null, change);
    }

    /** Tells whoever asked for a run that it could not be made (no verdict, and why). */
    public void answerFailure(PatchMail to, String commandLine, String why) throws IOException, SQLException {
        String body = s.renderer().commandAnswer(new CommandAnswer(List.of(new CommandAnswer.Item(commandLine,
                CommandAnswer.Outcome.ERROR, List.of("Accepted earlier, but it could not run, so there is no",
                        "verdict: " + (why == null ? "unknown error" : why))))), false);
        s.delivery().post(null, s.composer().compose(to, body), "COMMAND_FAILED", false, true);
    }

    /** What is measured against the base and where its result goes. */
    private record Change(String subject, String messageId, ApplyStep step, Function<String, Reply> address,
            boolean requested, List<String> trailers) {
    }

    @FunctionalInterface
    private interface ApplyStep {
        ApplyResult apply(Path checkout, String baseCommit) throws IOException;
    }

    private PatchTestOutcome start(JobRequest req, Long seriesId, Change change) throws IOException, SQLException {
        long started = System.nanoTime();
        Path repo = s.trees().localRepository(req.tree());
        String base = s.trees().resolve(repo, req.baseRev());
        long jobId = s.store().createJob(seriesId, req.tree(), req.baseRev(), req.profile().name(),
                req.topology().toString());
        Path jobDir = workRoot.resolve("jobs").resolve(Long.toString(jobId));
        Files.createDirectories(jobDir);
        Facts facts = new Facts(req, change, s.trees().describe(repo, base));
        Path lockFile = workRoot.resolve("locks").resolve(base.substring(0, 12) + ".lock");
        Files.createDirectories(lockFile.getParent());
        // One job at a time per base checkout: a second fsnbot on the same
        // home waits here instead of switching the tree under the first.
        try (FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = ch.lock()) {
            return measure(req, change, repo, base, jobId, jobDir, facts, started);
        } catch (IOException | RuntimeException e) {
            s.store().finishJob(jobId, "ERROR", e.toString());
            throw e;
        }
    }

    private PatchTestOutcome measure(JobRequest req, Change target, Path repo,
            String base, long jobId, Path jobDir, Facts facts, long started) throws IOException, SQLException {
        Path checkout = s.trees().checkout(repo, base);
        BuildResult baseBuild = s.builder().buildBase(checkout, base, s.config());
        s.store().saveBuild(jobId, baseBuild);
        if (!baseBuild.ok()) {
            return buildFailure(jobId, target, facts, baseBuild, started);
        }

        ApplyResult applied = target.step().apply(checkout, base);
        if (!applied.applied()) {
            s.store().setCommits(jobId, base, null);
            String body = s.renderer().doesNotApply(facts.build(null, null, elapsed(started)), applied);
            return finish(jobId, target, PatchTestOutcome.Kind.DOES_NOT_APPLY, Optional.empty(), body,
                    "does not apply at " + applied.failedAt().orElse("?"));
        }
        String patched = applied.commit().orElseThrow();
        s.store().setCommits(jobId, base, patched);
        facts.patched = s.trees().describe(checkout, patched);
        BuildResult patchedBuild;
        try {
            patchedBuild = s.builder().buildPatched(checkout, base, patched, s.config());
        } finally {
            s.builder().restoreBase(checkout, base, patched);
        }
        s.store().saveBuild(jobId, patchedBuild);
        if (!patchedBuild.ok()) {
            return buildFailure(jobId, target, facts, patchedBuild, started);
        }

        GuestImage guest = GuestImage.build(s, req.profile(), jobDir);
        AcceleratorProbe.Decision accel = accelerator(baseBuild.bzImage().orElseThrow());
        s.store().setAccelerator(jobId, accel.accel().name(), accel.reason());
        facts.accel = accel;

        InterleavedRunner.Kernel baseKernel = new InterleavedRunner.Kernel(Side.BASE,
                baseBuild.bzImage().orElseThrow(), guest.initrd(), guest.disk());
        InterleavedRunner.Kernel patchedKernel = new InterleavedRunner.Kernel(Side.PATCHED,
                patchedBuild.bzImage().orElseThrow(), guest.initrd(), guest.disk());
        Duration timeout = Duration.ofSeconds(req.profile().bootTimeoutSeconds());
        Path bootDir = jobDir.resolve("boots");
        AdaptiveSampling plan = new AdaptiveSampling(req.profile().bootsPerKernel(),
                req.profile().maxBootsPerKernel(), ALPHA);
        int boots = plan.initialBoots();
        RunResult run = s.runner().run(baseKernel, patchedKernel, 0, boots, accel.accel(), req.topology(), timeout,
                bootDir, b -> saveBoot(jobId, b));
        Comparison comparison = null;
        // A failed boot or gate ends the job without a comparison.
        while (run.failure().isEmpty() && run.gateFailures().isEmpty()) {
            comparison = new ChangeEstimator(policy(req.profile(), plan.lookAlpha())).compare(run.samples());
            if (!plan.wantsMore(comparison, boots)) {
                break;
            }
            progress.printf("inconclusive after %d boots per kernel: one more pair (budget %d)%n", boots,
                    plan.maxBoots());
            run = run.plus(s.runner().run(baseKernel, patchedKernel, boots, boots + 1, accel.accel(), req.topology(),
                    timeout, bootDir, b -> saveBoot(jobId, b)));
            boots++;
        }
        facts.kernelVersion = run.boots().stream().map(BootRecord::guestInfo).filter(g -> !g.isEmpty()).findFirst()
                .map(g -> g.replaceAll(".*\"kernel\":\"([^\"]*)\".*", "$1")).orElse("unknown");
        int failedBoots = run.failedBoots();
        if (run.failure().isPresent()) {
            BootRecord f = run.failure().get();
            String what = "the " + f.side().name().toLowerCase(java.util.Locale.ROOT) + " kernel failed to boot twice ("
                    + f.outcome().status() + ", boot " + f.outcome().bootId() + ")";
            String body = s.renderer().infrastructureFailure(facts.build(elapsed(started)), f.outcome(), what);
            return finish(jobId, target, PatchTestOutcome.Kind.INFRASTRUCTURE_FAILURE, Optional.empty(), body, what);
        }
        if (!run.gateFailures().isEmpty()) {
            String body = s.renderer().gateFailure(facts.build(elapsed(started)), run.gateFailures());
            return finish(jobId, target, PatchTestOutcome.Kind.GATE_FAILURE, Optional.empty(), body,
                    "gate failed: " + run.gateFailures().get(0));
        }
        s.store().saveVerdicts(jobId, comparison);
        String body = s.renderer().report(facts.build(elapsed(started)), comparison, boots, plan, failedBoots,
                run.skipped(), s.store().noiseFor(RunnerName.get(), accel.accel().name(), req.topology().toString(),
                        req.profile().name()));
        return finish(jobId, target, PatchTestOutcome.Kind.REPORT, Optional.of(comparison.overall()), body,
                comparison.overall().text());
    }

    /** The family-wise false alarm rate a report may have. */
    public static final double ALPHA = 0.05;

    /** The accelerator for this process's boots, probed once with the first kernel built. */
    AcceleratorProbe.Decision accelerator(Path kernel) throws IOException {
        if (probed == null) {
            probed = probe(s, kernel, workRoot.resolve("probe"));
            progress.printf("accelerator: %s (%s)%n", probed.accel(), probed.reason());
        }
        return probed;
    }

    static AcceleratorProbe.Decision probe(Stages s, Path kernel, Path dir) throws IOException {
        return s.probe().probe(kernel, s.initramfs().buildProbe(dir.resolve("probe.cpio.gz")), dir);
    }

    static MetricPolicy policy(Profile p, double alpha) {
        Map<String, Set<String>> metrics = new HashMap<>();
        Map<String, Double> effects = new HashMap<>();
        for (WorkloadSpec w : p.workloads()) {
            metrics.computeIfAbsent(w.name(), k -> new HashSet<>()).addAll(w.verdictMetrics());
            effects.put(w.name(), w.minEffectPct());
        }
        return new MetricPolicy(metrics, effects, alpha);
    }

    private void saveBoot(long jobId, BootRecord b) {
        try {
            s.store().saveBoot(jobId, b);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot record boot " + b.outcome().bootId(), e);
        }
    }

    private PatchTestOutcome buildFailure(long jobId, Change target, Facts facts, BuildResult b, long started)
            throws IOException, SQLException {
        String body = s.renderer().buildFailure(facts.build(elapsed(started)), b);
        return finish(jobId, target, PatchTestOutcome.Kind.BUILD_FAILURE, Optional.empty(), body,
                b.label() + " build failed");
    }

    private PatchTestOutcome finish(long jobId, Change target, PatchTestOutcome.Kind kind,
            Optional<org.fsnbot.stats.Verdict> verdict, String body, String detail) throws IOException, SQLException {
        Reply reply = target.address().apply(body);
        // Infrastructure trouble is ours to fix, not the author's news.
        boolean nothingFound = kind == PatchTestOutcome.Kind.INFRASTRUCTURE_FAILURE
                || (kind == PatchTestOutcome.Kind.REPORT && verdict.map(v -> v != org.fsnbot.stats.Verdict.REGRESSION
                        && v != org.fsnbot.stats.Verdict.IMPROVEMENT).orElse(true));
        Path eml = s.delivery().post(jobId, reply, kind.name(), nothingFound, target.requested());
        s.store().finishJob(jobId, kind.name(), detail);
        progress.printf("reply written: %s%n", eml);
        return new PatchTestOutcome(jobId, kind, verdict, eml, body);
    }

    private static String elapsed(long started) {
        long secs = (System.nanoTime() - started) / 1_000_000_000L;
        return String.format("%d min %02d s", secs / 60, secs % 60);
    }

    /** The job facts as they become known, frozen into a JobFacts per reply. */
    private static final class Facts {
        private final JobRequest req;
        private final Change target;
        private final String base;
        private String patched;
        private String kernelVersion = "not booted";
        private AcceleratorProbe.Decision accel;

        Facts(JobRequest req, Change target, String base) {
            this.req = req;
            this.target = target;
            this.base = base;
        }

        JobFacts build(String wall) {
            return build(patched, accel, wall);
        }

        JobFacts build(String patchedOverride, AcceleratorProbe.Decision a, String wall) {
            return new JobFacts(target.subject(), target.messageId() == null ? "" : target.messageId(), req.tree(), base, req.baseReason(),
                    patchedOverride,
                    kernelVersion, req.topology().toString(),
                    a == null ? "not booted" : a.accel().label(), a == null ? "no boot was needed" : a.reason(),
                    req.profile().name(), req.profile().description(), req.reproduceCommand(), wall,
                    target.trailers());
        }
    }
}
