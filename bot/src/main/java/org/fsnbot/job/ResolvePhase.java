package org.fsnbot.job;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.fsnbot.git.Trees;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.report.JobFacts;

/** Phase 1, resolve: the tree made local, the base and candidate revisions made commits, the job's topic. */
public final class ResolvePhase {

    private final Trees trees;
    private final JobFacts.Confinement confinement;

    public ResolvePhase(Trees trees, JobFacts.Confinement confinement) {
        this.trees = trees;
        this.confinement = confinement;
    }

    public Resolved run(Job job) throws IOException {
        Path repo = trees.local(job.base().tree());
        String base = trees.resolve(repo, job.base().rev());
        Optional<String> revision = Optional.empty();
        JobFacts.Topic topic;
        if (job.candidate() instanceof Candidate.Series s) {
            PatchMail target = job.route() instanceof ReplyRoute.UnderMail u ? u.mail() : s.series().replyTarget();
            topic = new JobFacts.Topic(target.subject(), target.messageId(), s.series().trailers());
        } else if (job.candidate() instanceof Candidate.Revision r) {
            revision = Optional.of(trees.resolve(repo, r.head()));
            topic = new JobFacts.Topic("[fsnbot] " + trees.describe(repo, revision.get()), "", List.of());
        } else {
            topic = new JobFacts.Topic("[fsnbot] calibration of " + trees.describe(repo, base), "", List.of());
        }
        return new Resolved(job, repo, base, trees.describe(repo, base), revision, topic, confinement);
    }
}
