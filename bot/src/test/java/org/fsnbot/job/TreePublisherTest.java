package org.fsnbot.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.report.JobFacts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A patched tree pushed to a real (local, bare) remote as the job's branch, and what a failed push says. */
class TreePublisherTest {

    @Test
    void thePatchedCommitBecomesTheJobsBranchOnTheRemote(@TempDir Path dir) throws Exception {
        Path work = dir.resolve("checkout");
        Path remote = dir.resolve("published.git");
        String commit;
        try (Git git = Git.init().setDirectory(work.toFile()).setInitialBranch("main").call()) {
            Files.writeString(work.resolve("fsnotify.c"), "patched\n");
            git.add().addFilepattern("fsnotify.c").call();
            commit = git.commit().setMessage("the patch").setAuthor("a", "a@example.org")
                    .setCommitter("a", "a@example.org").setSign(false).call().getName();
        }
        Git.init().setBare(true).setDirectory(remote.toFile()).call().close();
        TreePublisher p = new TreePublisher(new CommandRunner(), Optional.of(remote.toString()), "fsnbot/");
        JobFacts.Published pushed = p.publish(work, commit, 41);
        assertThat(pushed).isEqualTo(new JobFacts.Published(remote.toString(), "fsnbot/job-41", ""));
        try (Repository r = Git.open(remote.toFile()).getRepository()) {
            assertThat(r.resolve("refs/heads/fsnbot/job-41")).isEqualTo(ObjectId.fromString(commit));
        }
        JobFacts.Published nowhere = new TreePublisher(new CommandRunner(), Optional.of(dir.resolve("none.git")
                .toString()), "fsnbot/").publish(work, commit, 42);
        assertThat(nowhere.branch()).isEmpty();
        assertThat(nowhere.notPushed()).isNotBlank();
        assertThat(new TreePublisher(new CommandRunner(), Optional.empty(), "fsnbot/").publish(work, commit, 43))
                .isEqualTo(JobFacts.Published.NOTHING);
    }

    @Test
    void aTreeWithAForgesCiFilesIsNotPushed(@TempDir Path dir) throws Exception {
        Path work = dir.resolve("checkout");
        Path remote = dir.resolve("published.git");
        String commit;
        try (Git git = Git.init().setDirectory(work.toFile()).setInitialBranch("main").call()) {
            Files.createDirectories(work.resolve(".github/workflows"));
            Files.writeString(work.resolve(".github/workflows/steal.yml"), "on: push\n");
            Files.writeString(work.resolve(".gitlab-ci.yml"), "x: {script: [env]}\n");
            Files.writeString(work.resolve("fsnotify.c"), "patched\n");
            git.add().addFilepattern(".").call();
            commit = git.commit().setMessage("the patch").setAuthor("a", "a@example.org")
                    .setCommitter("a", "a@example.org").setSign(false).call().getName();
        }
        Git.init().setBare(true).setDirectory(remote.toFile()).call().close();
        JobFacts.Published p = new TreePublisher(new CommandRunner(), Optional.of(remote.toString()), "fsnbot/")
                .publish(work, commit, 44);
        assertThat(p.branch()).isEmpty();
        assertThat(p.notPushed()).contains(".github", ".gitlab-ci.yml", "forge would run");
        try (Repository r = Git.open(remote.toFile()).getRepository()) {
            assertThat(r.resolve("refs/heads/fsnbot/job-44")).as("pushed").isNull();
        }
    }
}
