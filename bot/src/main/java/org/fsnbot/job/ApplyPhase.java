package org.fsnbot.job;

import java.io.IOException;
import java.nio.file.Path;
import org.fsnbot.build.ApplyResult;
import org.fsnbot.build.Checkouts;
import org.fsnbot.build.KernelBuilder;
import org.fsnbot.build.PatchApplier;
import org.fsnbot.git.Trees;

/**
 * Phase 2, apply: the candidate becomes a commit in the base's persistent
 * checkout (git am for a series, a checkout for a revision), and the
 * checkout goes back to the base with the touched files backdated, so the
 * base build that follows sees nothing changed.
 */
public final class ApplyPhase {

    private final Checkouts checkouts;
    private final PatchApplier applier;
    private final KernelBuilder builder;
    private final Trees trees;

    public ApplyPhase(Checkouts checkouts, PatchApplier applier, KernelBuilder builder, Trees trees) {
        this.checkouts = checkouts;
        this.applier = applier;
        this.builder = builder;
        this.trees = trees;
    }

    public Step<Applied> run(Resolved r, JobJournal journal) throws IOException {
        String base = r.baseCommit();
        Path checkout = checkouts.at(r.repo(), base);
        Candidate c = r.job().candidate();
        if (c instanceof Candidate.SameKernel) {
            journal.applied(base, base);
            return Step.next(new Applied(r, checkout, base, r.baseLabel()));
        }
        ApplyResult applied = c instanceof Candidate.Series s
                ? applier.apply(checkout, base, s.series().toApply())
                : applier.checkoutRevision(checkout, r.revisionCommit().orElseThrow());
        if (!applied.applied()) {
            journal.applied(base, null);
            return Step.stop(new Finding.DoesNotApply(applied), r);
        }
        String patched = applied.commit().orElseThrow();
        journal.applied(base, patched);
        String label = trees.describe(checkout, patched);
        builder.restoreBase(checkout, base, patched);
        return Step.next(new Applied(r, checkout, patched, label));
    }
}
