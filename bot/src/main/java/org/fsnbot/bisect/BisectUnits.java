package org.fsnbot.bisect;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import org.fsnbot.build.TrustedTrees;
import java.util.Optional;
import org.fsnbot.git.Trees;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.job.JobOutcome;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.plan.HostTopology;
import org.fsnbot.plan.JobDefaults;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import org.fsnbot.stats.Bisection;
import org.fsnbot.stats.Verdict;
import org.fsnbot.store.Work;
import org.fsnbot.store.WorkItem;
import org.fsnbot.store.WorkKind;
import org.fsnbot.store.WorkQueue;
import org.fsnbot.store.WorkTarget;

/**
 * Bisections as queued work (docs/bisect.md): a BISECT unit (from
 * #fsnbot bisect, or queued here after a watched branch's report said
 * regression, when bisect.auto is on) run on this runner, its report
 * mailed: a reply to the command mail, or a thread of its own to the
 * culprit's author and the maintainers.
 */
public final class BisectUnits {

    /** Whether a watched branch's regression is bisected on its own, and one bisection's budget. */
    /** host: the machine that measures, read once where the process is wired (a mirror is mirrored on it). */
    public record Settings(boolean auto, Bisector.Budget budget, TrustedTrees trusted, HostTopology host) {
        public Settings {
            Objects.requireNonNull(budget);
            Objects.requireNonNull(trusted);
        }
    }

    /**
     * What a bisection unit ended with: the .eml written, the line the
     * queue keeps, and whether the ends were measured (if not, the unit
     * failed: nothing was judged).
     */
    public record Done(Path eml, String summary, boolean measured) {
    }

    private final Bisector bisector;
    private final BisectMail mail;
    private final Trees trees;
    private final JobDefaults defaults;
    private final WorkQueue queue;
    private final Settings settings;

    public BisectUnits(Bisector bisector, BisectMail mail, Trees trees, JobDefaults defaults, WorkQueue queue,
            Settings settings) {
        this.bisector = bisector;
        this.mail = mail;
        this.trees = trees;
        this.defaults = defaults;
        this.queue = queue;
        this.settings = settings;
    }

    /** Runs a claimed BISECT unit and mails its report (under answerTo when a command asked). */
    public Done run(Work w, Optional<PatchMail> answerTo) throws IOException {
        Base good = w.base().orElseThrow(() -> new IllegalStateException("work #" + w.id() + " has no good end"));
        String bad = ((WorkTarget.Bisect) w.item().target()).bad();
        Profile p = w.item().options().apply(defaults.profile());
        Topology t = w.item().options().topology(defaults.topology()).mirroring(settings.host());
        // Trusted only when this machine's configuration names the tree: the unit's row says which tree.
        Bisector.Outcome o = bisector.run(new Bisector.Request(good.tree(), good.rev(), bad, p, t,
                settings.budget(), settings.trusted().codeOf(good.tree())));
        Path repo = trees.local(good.tree());
        Path eml = answerTo.isPresent() ? mail.answer(o, repo, answerTo.get()) : mail.post(o, repo);
        return new Done(eml, "BISECT: " + summary(o), o.endsMeasured());
    }

    private static String summary(Bisector.Outcome o) {
        if (o.result() instanceof Bisection.Result.Culprit) {
            return o.report().conclusion().commit() + " (" + o.report().conclusion().changePct() + " "
                    + o.report().conclusion().metric() + ")";
        }
        return "no single commit named, " + o.report().conclusion().kind() + ": " + o.report().conclusion().why();
    }

    /**
     * After a watched branch's report: when it says regression and
     * bisect.auto is on, its range is queued for bisection (once per range:
     * the key is the range). A command's run is left to whoever asked.
     */
    public Optional<Long> after(Work w, JobOutcome o) {
        if (!settings.auto() || w.kind() != WorkKind.TREE || w.answerTo().isPresent() || w.base().isEmpty()
                || o.verdict().filter(v -> v == Verdict.REGRESSION).isEmpty()) {
            return Optional.empty();
        }
        Base b = w.base().get();
        String head = ((WorkTarget.Revision) w.item().target()).head();
        return queue.enqueue(WorkItem.found("bisect " + b.tree() + " " + b.rev() + ".." + head,
                "bisect " + w.title(), new WorkTarget.Bisect(head), b.at(b.rev(),
                        BaseReason.of(BaseReason.Kind.BISECT_GOOD_END))));
    }
}
