package org.fsnbot.job;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.fsnbot.build.CheckoutGuard;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.report.JobFacts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A patch job's patched tree pushed to the operator's publishing remote
 * as branch prefix + "job-N" (issue 27, as LKP publishes the branch it
 * tested), so a reader fetches exactly what was built. What the reply
 * says of it: the remote and the branch, why it was not pushed, or
 * nothing when no remote is configured. A push that fails costs the job
 * nothing but that line. A tree that holds a forge's CI configuration at
 * its top (.github, .gitlab-ci.yml and the like) is not pushed: a forge
 * with CI on push would run a stranger's pipeline with the repository's
 * secrets; the reply says why.
 */
public final class TreePublisher {

    private static final Logger log = LoggerFactory.getLogger(TreePublisher.class);

    /** Top-level names forges read CI pipelines from (GitHub, GitLab, Forgejo/Gitea, and the CI services). */
    static final java.util.Set<String> FORGE_CI = java.util.Set.of(".github", ".gitlab-ci.yml", ".gitlab",
            ".forgejo", ".gitea", ".circleci", ".travis.yml", "azure-pipelines.yml", ".azure-pipelines",
            ".buildkite", "Jenkinsfile", ".drone.yml", ".woodpecker.yml", ".woodpecker", "bitbucket-pipelines.yml",
            ".cirrus.yml", "appveyor.yml", ".appveyor.yml", ".builds", ".build.yml", ".semaphore", ".tekton",
            "codefresh.yml", ".gitpod.yml");

    private final CommandRunner runner;
    private final java.util.Optional<String> remote;
    private final String prefix;

    public TreePublisher(CommandRunner runner, java.util.Optional<String> remote, String prefix) {
        this.runner = runner;
        this.remote = remote;
        this.prefix = prefix;
    }

    /** The branch a job's patched tree is pushed as. */
    public String branch(long jobId) {
        return prefix + "job-" + jobId;
    }

    /** Pushes applied's patched commit: where it went, or why it did not (nothing when there is no remote). */
    public JobFacts.Published publish(Applied applied, long jobId) {
        return publish(applied.checkout(), applied.patchedCommit(), jobId);
    }

    /** Pushes commit, from the repository at checkout, as job jobId's branch. */
    public JobFacts.Published publish(java.nio.file.Path checkout, String commit, long jobId) {
        if (remote.isEmpty()) {
            return JobFacts.Published.NOTHING;
        }
        String branch = branch(jobId);
        try {
            List<String> ci = forgeCi(checkout, commit);
            if (!ci.isEmpty()) {
                String why = "not pushed: the tree holds forge CI files (" + String.join(", ", ci)
                        + "), which a forge would run on push";
                log.warn("job {}: {}", jobId, why);
                return new JobFacts.Published(remote.get(), "", why);
            }
            // The commit by its id, force-free: a job number is never reused on one remote unless a store
            // was reset, and then the push refuses rather than rewriting someone's branch.
            CommandResult r = runner.run(CheckoutGuard.git("push", "--quiet", "--no-verify", remote.get(),
                    commit + ":refs/heads/" + branch), checkout, Duration.ofMinutes(5));
            if (r.ok()) {
                return new JobFacts.Published(remote.get(), branch, "");
            }
            String why = r.output().isEmpty() ? "git push exited " + r.exitCode() : r.output().get(r.output().size() - 1);
            log.warn("job {}: pushing {} to {} failed: {}", jobId, branch, remote.get(), why);
            return new JobFacts.Published(remote.get(), "", why);
        } catch (IOException e) {
            log.warn("job {}: pushing {} to {} failed", jobId, branch, remote.get(), e);
            return new JobFacts.Published(remote.get(), "", String.valueOf(e.getMessage()));
        }
    }

    /** The forge CI names at the top of commit's tree. */
    private List<String> forgeCi(java.nio.file.Path checkout, String commit) throws IOException {
        CommandResult r = runner.check(CheckoutGuard.git("ls-tree", "--name-only", commit), checkout,
                Duration.ofMinutes(1));
        return r.output().stream().map(String::strip).filter(FORGE_CI::contains).sorted().toList();
    }
}
