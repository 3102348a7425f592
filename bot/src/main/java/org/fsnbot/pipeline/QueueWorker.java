package org.fsnbot.pipeline;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.fsnbot.intake.MalformedMailException;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.MboxWriter;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.intake.PatchSeries;
import org.fsnbot.intake.SeriesHints;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import org.fsnbot.build.SourceTrees;
import org.fsnbot.plan.RunOptions;
import org.fsnbot.store.CommandStore;
import org.fsnbot.store.IntakeLedger;
import org.fsnbot.store.WorkQueue;

/**
 * Takes queued work one unit at a time (one measurement at a time on a
 * runner: two would disturb each other's numbers) and runs it through the
 * patch-test pipeline. Work that throws is recorded as failed with the
 * error and never produces a verdict.
 */
public final class QueueWorker {

    private final WorkQueue queue;
    private final IntakeLedger ledger;
    private final CommandStore commands;
    private final SourceTrees trees;
    private final MboxReader parser;
    private final PatchTestPipeline pipeline;
    private final Profile profile;
    private final Topology topology;
    private final List<String> treeReportTo;
    private final Path mboxDir;
    private final PrintStream log;

    public QueueWorker(WorkQueue queue, IntakeLedger ledger, CommandStore commands, SourceTrees trees,
            MboxReader parser, PatchTestPipeline pipeline, Profile profile, Topology topology,
            List<String> treeReportTo, Path mboxDir, PrintStream log) {
        this.queue = queue;
        this.ledger = ledger;
        this.commands = commands;
        this.trees = trees;
        this.parser = parser;
        this.pipeline = pipeline;
        this.profile = profile;
        this.topology = topology;
        this.treeReportTo = List.copyOf(treeReportTo);
        this.mboxDir = mboxDir;
        this.log = log;
    }

    /** Runs queued work until the queue is empty; returns how many units ran. */
    public int drain() throws SQLException {
        int n = 0;
        for (Optional<WorkQueue.Work> w = queue.claimNext(); w.isPresent(); w = queue.claimNext()) {
            runOne(w.get());
            n++;
        }
        return n;
    }

    private void runOne(WorkQueue.Work w) throws SQLException {
        log.printf("queue: #%d %s %s%n", w.id(), w.kind(), w.title());
        try {
            RunOptions options = RunOptions.fromJson(w.options());
            Optional<PatchMail> answerTo = answerTo(w);
            Profile p = options.apply(profile);
            Topology t = options.topology(topology);
            PatchTestOutcome o = switch (w.kind()) {
                case SERIES -> runSeries(w, p, t, answerTo);
                case TREE -> {
                    String base = w.baseRev();
                    String reason = w.baseReason();
                    if (options.mergeBase()) {
                        base = trees.mergeBase(trees.localRepository(w.tree()), w.baseRev(), w.headRev());
                        reason = "merge base of " + w.headRev() + " and the thread's base";
                    }
                    yield pipeline.compare(new RevisionCompareRequest(w.tree(), base, w.headRev(), reason, p, t,
                            treeReportTo, answerTo.isPresent()), answerTo);
                }
            };
            queue.finish(w.id(), "done", o.jobId(), o.kind() + o.verdict().map(v -> ": " + v.text()).orElse(""));
            log.printf("queue: #%d done: %s -> %s%n", w.id(), o.kind(), o.eml());
        } catch (IOException | RuntimeException | MalformedMailException e) {
            queue.finish(w.id(), "failed", null, e.toString());
            log.printf("queue: #%d failed (no verdict): %s%n", w.id(), e);
            answerFailure(w, e);
        }
    }

    /** Someone asked for this unit and was told it was accepted: they hear that it could not run, and why. */
    private void answerFailure(WorkQueue.Work w, Exception e) throws SQLException {
        try {
            Optional<PatchMail> to = answerTo(w);
            if (to.isPresent()) {
                String line = RunOptions.fromJson(w.options()).command();
                pipeline.answerFailure(to.get(), line.isEmpty() ? w.title() : line, e.getMessage());
            }
        } catch (IOException | RuntimeException | MalformedMailException again) {
            log.printf("queue: #%d: cannot answer the failure either: %s%n", w.id(), again);
        }
    }

    /** The command mail a requested run answers, if it was requested. */
    private Optional<PatchMail> answerTo(WorkQueue.Work w) throws SQLException, MalformedMailException {
        if (w.answerTo() == null) {
            return Optional.empty();
        }
        byte[] raw = commands.raw(w.answerTo())
                .orElseThrow(() -> new IllegalStateException("command mail " + w.answerTo() + " is not stored"));
        return Optional.of(parser.parse(raw));
    }

    private PatchTestOutcome runSeries(WorkQueue.Work w, Profile p, Topology t, Optional<PatchMail> answerTo)
            throws IOException, SQLException, MalformedMailException {
        List<byte[]> raws = ledger.raw(w.messageIds());
        List<PatchMail> own = parse(raws);
        Optional<PatchMail> cover = own.stream().filter(m -> !m.hasDiff()).findFirst();
        List<PatchMail> patches = own.stream().filter(PatchMail::hasDiff).toList();
        List<PatchMail> prereqs = parse(ledger.raw(w.prerequisiteIds()));
        List<String> trailers = new ArrayList<>(SeriesHints.of(raws).trailers());
        ledger.trailers(w.messageIds()).stream().filter(x -> !trailers.contains(x)).forEach(trailers::add);
        PatchSeries series = new PatchSeries(cover, prereqs, patches, trailers);
        Path mbox = writeMbox(w.id(), series);
        return pipeline.run(new PatchTestRequest(w.tree(), w.baseRev(), w.baseReason(), mbox, p, t,
                answerTo.isPresent()), series, answerTo);
    }

    private List<PatchMail> parse(List<byte[]> raws) throws MalformedMailException {
        List<PatchMail> out = new ArrayList<>();
        for (byte[] raw : raws) {
            out.add(parser.parse(raw));
        }
        return out;
    }

    /** The series as an mbox beside the job, so the reply's reproduce line names a real file. */
    private Path writeMbox(long id, PatchSeries series) throws IOException {
        Files.createDirectories(mboxDir);
        List<PatchMail> all = new ArrayList<>();
        series.coverLetter().ifPresent(all::add);
        all.addAll(series.toApply());
        Path f = mboxDir.resolve("work-" + id + ".mbox");
        Files.writeString(f, MboxWriter.mboxrd(all), StandardCharsets.ISO_8859_1);
        return f;
    }
}
