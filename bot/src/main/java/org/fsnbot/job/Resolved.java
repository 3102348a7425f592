package org.fsnbot.job;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.fsnbot.report.JobFacts;

/**
 * A job whose names are resolved: the local repository of its tree, the
 * base's commit and description, the candidate revision's commit (for a
 * revision candidate), what the job is about, and the sandbox its
 * candidate will run in (every reply names it).
 */
public record Resolved(Job job, Path repo, String baseCommit, String baseLabel, Optional<String> revisionCommit,
        JobFacts.Topic topic, JobFacts.Confinement confinement) implements Reached {

    public Resolved {
        Objects.requireNonNull(job);
        Objects.requireNonNull(repo);
        Objects.requireNonNull(baseCommit);
        Objects.requireNonNull(baseLabel);
        Objects.requireNonNull(revisionCommit);
        Objects.requireNonNull(topic);
        Objects.requireNonNull(confinement);
    }

    @Override
    public JobFacts facts(String wallTime) {
        return facts(wallTime, null, notBooted());
    }

    /** Where the kernels ran, before any boot. */
    JobFacts.Runner notBooted() {
        return new JobFacts.Runner("not booted", job.topology().toString(), "not booted", "no boot was needed");
    }

    /** The facts with what later phases learnt: the patched kernel, where it ran. */
    JobFacts facts(String wallTime, String patchedLabel, JobFacts.Runner runner) {
        return new JobFacts(topic, new JobFacts.Kernels(job.base().tree(), baseLabel, job.base().reason(),
                patchedLabel), runner, new JobFacts.ProfileLine(job.profile().name(), job.profile().description()),
                job.reproduce(), wallTime, confinement);
    }
}
