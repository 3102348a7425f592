package org.fsnbot.job;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fsnbot.intake.LoreLink;
import org.fsnbot.mail.Delivery;
import org.fsnbot.mail.Reply;
import org.fsnbot.mail.ReplyComposer;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.report.JobFacts;
import org.fsnbot.report.ReplyRenderer;

/**
 * Phase 7, reply: the finding rendered, addressed by the job's route
 * (under the mail it answers, or a thread of its own), and handed to
 * delivery, which writes the outbox and sends as configured (answers to
 * #fsnbot commands are mail.CommandReplies').
 */
public final class ReplyPhase {

    /** The reply written: its .eml and its body. */
    public record Replied(Path eml, String body) {
    }

    private final ReplyRenderer renderer;
    private final ReplyComposer composer;
    private final Delivery delivery;
    private final boolean regzbot;
    private final UnitLease lease;

    /** lease: a unit whose lease was lost while it was measured is not answered (UnitLease). */
    public ReplyPhase(ReplyRenderer renderer, ReplyComposer composer, Delivery delivery, boolean regzbot,
            UnitLease lease) {
        this.lease = lease;
        this.renderer = renderer;
        this.regzbot = regzbot;
        this.composer = composer;
        this.delivery = delivery;
    }

    /** The Message-ID the next reply will carry, made first so its body can link to itself (Closes:). */
    public String newMessageId() {
        return composer.newMessageId();
    }

    /**
     * The tags a fix for a tree regression should carry, as 0-day gives
     * them: Reported-by: us, Closes: this report on lore, and (when
     * configured) the line that tells regzbot which range introduced it.
     * A patch's own reply carries none: its fix is its next version.
     */
    public List<String> tags(Resolved resolved, Finding f, String replyId) {
        if (!(resolved.job().candidate() instanceof Candidate.Revision) || f.outcome() != Outcome.REGRESSION) {
            return List.of();
        }
        List<String> tags = new ArrayList<>(List.of("Reported-by: " + composer.from(),
                "Closes: " + LoreLink.of(replyId)));
        if (regzbot && resolved.revisionCommit().isPresent()) {
            tags.add("#regzbot introduced: " + shortRev(resolved.baseCommit()) + ".."
                    + shortRev(resolved.revisionCommit().get()));
        }
        return tags;
    }

    /** As the facts print a commit: its first 12 hex digits. */
    private static String shortRev(String commit) {
        return commit.substring(0, Math.min(12, commit.length()));
    }

    public Replied run(Job job, Ending end, JobFacts facts, long jobId, String replyId) throws IOException {
        if (!lease.settle()) {
            throw new IOException("job " + jobId + " is not answered: this runner lost its hold on the unit while it"
                    + " measured it (" + lease.lost().orElse("") + ")");
        }
        Finding f = end.finding();
        String body = f.render(renderer, facts);
        Reply reply;
        Delivery.Audience audience = new Delivery.Audience(f.nothingFound(), job.requested());
        if (job.route() instanceof ReplyRoute.UnderMail u) {
            // Only a verdict goes to everyone the patch went to; any other ending to its author and the lists.
            reply = f.kind() == ReplyKind.REPORT ? composer.compose(u.mail(), body, replyId)
                    : composer.composeToAuthorAndLists(u.mail(), body, replyId);
            audience = audience.answering(u.mail().from());
        } else if (job.route() instanceof ReplyRoute.NewThread t) {
            String subject = job.candidate() instanceof Candidate.Revision
                    ? renderer.treeSubject(facts.topic().subject(), f.comparison(),
                            f.kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '))
                    : facts.topic().subject();
            reply = composer.composeNew(t.to(), subject, body, replyId);
        } else {
            throw new IllegalArgumentException("job " + jobId + " has nobody to reply to");
        }
        Path eml = delivery.post(jobId, reply, f.kind(), audience);
        return new Replied(eml, body);
    }
}
