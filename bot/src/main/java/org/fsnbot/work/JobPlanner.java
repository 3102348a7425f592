package org.fsnbot.work;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.fsnbot.build.KernelBuilder;
import org.fsnbot.build.TrustedTrees;
import org.fsnbot.git.Trees;
import org.fsnbot.intake.MalformedMailException;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.MboxWriter;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.intake.PatchSeries;
import org.fsnbot.intake.SeriesHints;
import org.fsnbot.job.Candidate;
import org.fsnbot.job.Job;
import org.fsnbot.job.ReplyRoute;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.plan.HostTopology;
import org.fsnbot.plan.JobDefaults;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import org.fsnbot.store.CommandStore;
import org.fsnbot.store.IntakeLedger;
import org.fsnbot.store.Work;
import org.fsnbot.store.WorkTarget;

/**
 * Makes a queued unit of work into a job: its mails read back from the
 * store and assembled into the series (prerequisites first, trailers
 * collected), its run options applied to the defaults, its base (or the
 * merge base a #fsnbot test asked for), and where the result goes.
 */
public final class JobPlanner {

    private final IntakeLedger ledger;
    private final CommandStore commands;
    private final MboxReader parser;
    private final Trees trees;
    private final JobDefaults defaults;
    private final Settings settings;

    /**
     * Who gets tree reports (they answer no mail), where a unit's series is
     * written as an mbox, and which trees' code is trusted.
     */
    /** host: the machine that measures, read once where the process is wired (a mirror is mirrored on it). */
    public record Settings(List<String> treeReportTo, Path mboxDir, TrustedTrees trusted, HostTopology host) {
        public Settings {
            Objects.requireNonNull(host, "host");
            treeReportTo = List.copyOf(treeReportTo);
        }
    }

    public JobPlanner(IntakeLedger ledger, CommandStore commands, MboxReader parser, Trees trees, JobDefaults defaults,
            Settings settings) {
        this.ledger = ledger;
        this.commands = commands;
        this.parser = parser;
        this.trees = trees;
        this.defaults = defaults;
        this.settings = settings;
    }

    public Job plan(Work w) throws IOException, MalformedMailException {
        Optional<PatchMail> answerTo = answerTo(w);
        Profile p = w.item().options().apply(defaults.profile());
        // A mirror is mirrored here, on the runner that measures it; a host that cannot fails the unit, said why.
        Topology t = w.item().options().topology(defaults.topology()).mirroring(settings.host());
        Base base = w.base().orElseThrow(() -> new IllegalStateException("work #" + w.id() + " has no base"));
        if (w.item().target() instanceof WorkTarget.Series s) {
            PatchSeries series = series(s);
            ReplyRoute route = new ReplyRoute.UnderMail(answerTo.orElse(series.replyTarget()));
            return new Job(base, new Candidate.Series(series, writeMbox(w.id(), series)), p, t, route,
                    answerTo.isPresent(), settings.trusted().codeOf(base.tree()));
        }
        String head = ((WorkTarget.Revision) w.item().target()).head();
        // The merge base of #fsnbot test is found in the tree the mail
        // named, the only base a mail chooses; the rest come from ours,
        // trusted only when this machine's configuration names their tree.
        KernelBuilder.Code code = settings.trusted().codeOf(base.tree());
        if (w.item().options().mergeBase()) {
            code = KernelBuilder.Code.UNTRUSTED;
            base = base.at(trees.mergeBase(trees.local(base.tree()), base.rev(), head),
                    BaseReason.of(BaseReason.Kind.MERGE_BASE, head));
        }
        ReplyRoute route = answerTo.<ReplyRoute>map(ReplyRoute.UnderMail::new)
                .orElseGet(() -> new ReplyRoute.NewThread(settings.treeReportTo()));
        return new Job(base, new Candidate.Revision(head), p, t, route, answerTo.isPresent(), code);
    }

    /** The command mail a requested run answers, if it was requested. */
    public Optional<PatchMail> answerTo(Work w) throws MalformedMailException {
        if (w.answerTo().isEmpty()) {
            return Optional.empty();
        }
        byte[] raw = commands.raw(w.answerTo().get())
                .orElseThrow(() -> new IllegalStateException("command mail " + w.answerTo().get() + " is not stored"));
        return Optional.of(parser.parse(raw));
    }

    private PatchSeries series(WorkTarget.Series s) throws MalformedMailException {
        List<byte[]> raws = ledger.raw(s.messageIds());
        List<PatchMail> own = parse(raws);
        Optional<PatchMail> cover = own.stream().filter(m -> !m.hasDiff()).findFirst();
        List<PatchMail> patches = own.stream().filter(PatchMail::hasDiff).toList();
        List<PatchMail> prereqs = parse(ledger.raw(s.prerequisiteIds()));
        List<String> trailers = new ArrayList<>(SeriesHints.of(raws).trailers());
        ledger.trailers(s.messageIds()).stream().filter(x -> !trailers.contains(x)).forEach(trailers::add);
        return new PatchSeries(cover, prereqs, patches, trailers);
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
        Files.createDirectories(settings.mboxDir());
        Path f = settings.mboxDir().resolve("work-" + id + ".mbox");
        MboxWriter.write(f, series);
        return f;
    }
}
