package org.fsnbot.job;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.fsnbot.build.BuiltConfig;
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
    public JobFacts facts(JobFacts.Run timing) {
        return facts(timing, null, notBooted(), Optional.empty());
    }

    /** Where the kernels ran, before any boot. */
    JobFacts.Runner notBooted() {
        return new JobFacts.Runner("not booted", JobFacts.Guest.of(job.topology().toString()),
                new JobFacts.Instrument("not booted", "no boot was needed", "", "", false), "", "",
                JobFacts.Load.notMeasured(0), "");
    }

    /** The facts with what later phases learnt: the patched kernel, how it was built, where it ran. */
    JobFacts facts(JobFacts.Run timing, String patchedLabel, JobFacts.Runner runner, Optional<BuiltConfig> config) {
        String tree = job.base().tree() + (job.base().rev().equals(baseCommit) ? "" : " " + job.base().rev());
        return new JobFacts(topic, new JobFacts.Kernels(tree, baseLabel, job.base().reason(), patchedLabel,
                config.map(BuiltConfig::compiler).orElse(""), config.map(Resolved::configLine).orElse("")),
                runner, new JobFacts.ProfileLine(job.profile().name(), job.profile().description()),
                job.reproduce(baseCommit), timing, confinement);
    }

    /** The config by hash, and how a reader makes the same one without asking us. */
    private static String configLine(BuiltConfig c) {
        return "sha256:" + c.sha256().substring(0, 16) + " (make tinyconfig, then fsnbot's"
                + " qemu-images/fsnotify.config merged; kept with the job as config)";
    }
}
