package org.fsnbot.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.testing.Sandboxes;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** git am semantics on a small real repository. */
class PatchApplierTest {

    private final CommandRunner run = new CommandRunner();
    private Path repo;
    private String base;

    @BeforeEach
    void makeRepo(@TempDir Path dir) throws Exception {
        repo = dir.resolve("tree");
        Files.createDirectories(repo.resolve("fs/notify"));
        Files.writeString(repo.resolve("fs/notify/fsnotify.c"), "line one\nline two\nline three\n");
        git("init", "-q", "-b", "main");
        git("add", "-A");
        git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "base");
        base = run.check(List.of("git", "rev-parse", "HEAD"), repo, Duration.ofMinutes(1)).output().get(0);
    }

    private void git(String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of("git"));
        cmd.addAll(List.of(args));
        run.check(cmd, repo, Duration.ofMinutes(1));
    }

    private List<PatchMail> patch(Path dir, String context, String id) throws Exception {
        String mail = "From: Dev <dev@example.org>\nTo: list@example.org\nMessage-ID: <" + id + "@x>\n"
                + "Date: Mon, 30 Nov 2026 08:00:00 +0000\nSubject: [PATCH] fsnotify: change line two\n\n"
                + "Body.\n\nSigned-off-by: Dev <dev@example.org>\n---\n"
                + "diff --git a/fs/notify/fsnotify.c b/fs/notify/fsnotify.c\n"
                + "--- a/fs/notify/fsnotify.c\n+++ b/fs/notify/fsnotify.c\n"
                + "@@ -1,3 +1,3 @@\n " + context + "\n-line two\n+line 2\n line three\n-- \n2.39.5\n";
        Path f = Files.writeString(dir.resolve(id + ".eml"), mail);
        return new MboxReader().readSeries(f).patches();
    }

    @Test
    void appliesWithADeterministicCommitId(@TempDir Path dir) throws Exception {
        PatchApplier a = new PatchApplier(run, Sandboxes.bwrap("patch-applier-test"));
        ApplyResult first = a.apply(repo, base, patch(dir, "line one", "ok"));
        assertThat(first.applied()).isTrue();
        assertThat(Files.readString(repo.resolve("fs/notify/fsnotify.c"))).contains("line 2");
        ApplyResult again = a.apply(repo, base, patch(dir, "line one", "ok"));
        assertThat(again.commit()).isEqualTo(first.commit());
    }

    @Test
    void aPatchThatDoesNotApplyNamesTheFileAndLeavesTheTreeAtBase(@TempDir Path dir) throws Exception {
        ApplyResult r = new PatchApplier(run, Sandboxes.bwrap("patch-applier-test")).apply(repo, base, patch(dir, "line zero", "bad"));
        assertThat(r.applied()).isFalse();
        assertThat(r.failedAt()).hasValueSatisfying(at -> assertThat(at).startsWith("fs/notify/fsnotify.c"));
        assertThat(r.failedPatch()).hasValueSatisfying(p -> assertThat(p).contains("fsnotify: change line two"));
        String head = run.check(List.of("git", "rev-parse", "HEAD"), repo, Duration.ofMinutes(1)).output().get(0);
        assertThat(head).isEqualTo(base);
        assertThat(Files.readString(repo.resolve("fs/notify/fsnotify.c"))).contains("line two");
    }
}
