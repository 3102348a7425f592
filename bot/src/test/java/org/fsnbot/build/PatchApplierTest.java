package org.fsnbot.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.exec.Sandbox;
import org.fsnbot.exec.SandboxStep;
import org.fsnbot.exec.Space;
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

    /**
     * git reading a mail runs as the sandbox user, never as root: every
     * git the applier runs (am, its abort, the diagnosis of a failure)
     * goes through the sandbox, none through our own runner.
     */
    @Test
    void everyGitOnTheMailsDataRunsInTheSandbox(@TempDir Path dir) throws Exception {
        List<List<String>> confined = new java.util.ArrayList<>();
        Sandbox real = Sandboxes.bwrap("patch-applier-test");
        Sandbox recording = new Sandbox() {
            @Override
            public CommandResult run(SandboxStep step, Consumer<String> onLine) throws IOException {
                confined.add(step.command());
                return real.run(step, onLine);
            }

            @Override
            public CommandRunner.Copy runToFile(SandboxStep step, Path out, long maxBytes) throws IOException {
                confined.add(step.command());
                return real.runToFile(step, out, maxBytes);
            }

            @Override
            public Space space(Path d, long bytes) throws IOException {
                return real.space(d, bytes);
            }

            @Override
            public void handOver(Path d) throws IOException {
                real.handOver(d);
            }

            @Override
            public void takeBack(Path d) throws IOException {
                real.takeBack(d);
            }

            @Override
            public String describe() {
                return real.describe();
            }

            @Override
            public boolean confines() {
                return real.confines();
            }
        };
        PatchApplier a = new PatchApplier(run, recording);
        assertThat(a.apply(repo, base, patch(dir, "line one", "ok")).applied()).isTrue();
        assertThat(a.apply(repo, base, patch(dir, "line 1", "bad")).applied()).isFalse();
        assertThat(confined).as("git in the sandbox").anySatisfy(c -> assertThat(c).contains("am"))
                .anySatisfy(c -> assertThat(c).contains("--abort"));
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

    /** A mail of one patch whose diff is given whole. */
    private static List<PatchMail> mail(Path dir, String id, String diff) throws Exception {
        String m = "From: Dev <dev@example.org>\nTo: list@example.org\nMessage-ID: <" + id + "@x>\n"
                + "Date: Mon, 30 Nov 2026 08:00:00 +0000\nSubject: [PATCH] fsnotify: " + id + "\n\nBody.\n\n"
                + "Signed-off-by: Dev <dev@example.org>\n---\n" + diff + "-- \n2.39.5\n";
        return new MboxReader().readSeries(Files.writeString(dir.resolve(id + ".eml"), m)).patches();
    }

    @Test
    void everyWayGitNamesTheFileThatFailedIsFound(@TempDir Path dir) throws Exception {
        PatchApplier a = new PatchApplier(run, Sandboxes.bwrap("patch-applier-test"));
        String exists = "diff --git a/fs/notify/fsnotify.c b/fs/notify/fsnotify.c\nnew file mode 100644\n"
                + "index 0000000..1111111\n--- /dev/null\n+++ b/fs/notify/fsnotify.c\n@@ -0,0 +1 @@\n+x\n";
        String missing = "diff --git a/fs/notify/gone.c b/fs/notify/gone.c\nindex 1234567..89abcde 100644\n"
                + "--- a/fs/notify/gone.c\n+++ b/fs/notify/gone.c\n@@ -1 +1 @@\n-a\n+b\n";
        String deleted = "diff --git a/fs/notify/fsnotify.c b/fs/notify/fsnotify.c\ndeleted file mode 100644\n"
                + "index 1234567..0000000\n--- a/fs/notify/fsnotify.c\n+++ /dev/null\n@@ -1,3 +0,0 @@\n-line 1\n"
                + "-line two\n-line three\n";
        for (String[] c : List.of(new String[] {"exists", exists, "fs/notify/fsnotify.c"},
                new String[] {"missing", missing, "fs/notify/gone.c"},
                new String[] {"deleted", deleted, "fs/notify/fsnotify.c:1"})) {
            ApplyResult r = a.apply(repo, base, mail(dir, c[0], c[1]));
            assertThat(r.applied()).as(c[0]).isFalse();
            assertThat(r.failedAt()).as(c[0] + ": " + r.gitOutput()).contains(c[2]);
        }
    }

    @Test
    void aThreeWayConflictNamesItsFile(@TempDir Path dir) throws Exception {
        // The patch is made against a commit the base does not have, its blob known: git am --3way merges and
        // conflicts, and says so without a hunk (--quiet), so fsnbot asks git apply which hunk failed.
        Files.writeString(repo.resolve("fs/notify/fsnotify.c"), "line one\nline 2\nline three\n");
        git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-am", "theirs");
        String theirs = run.check(List.of("git", "format-patch", "-1", "--stdout"), repo, Duration.ofMinutes(1))
                .output().stream().collect(java.util.stream.Collectors.joining("\n")) + "\n";
        git("checkout", "-q", base);
        Files.writeString(repo.resolve("fs/notify/fsnotify.c"), "line one\nline TWO\nline three\n");
        git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-am", "ours");
        String ours = run.check(List.of("git", "rev-parse", "HEAD"), repo, Duration.ofMinutes(1)).output().get(0);
        String diff = theirs.substring(theirs.indexOf("diff --git"), theirs.lastIndexOf("-- \n"));
        ApplyResult r = new PatchApplier(run, Sandboxes.bwrap("patch-applier-test")).apply(repo, ours,
                mail(dir, "conflict", diff));
        assertThat(r.applied()).isFalse();
        assertThat(r.failedAt()).as(String.join("\n", r.gitOutput())).contains("fs/notify/fsnotify.c:1");
    }

    @Test
    void gitsOwnWordsWithoutAFileNameNone() {
        assertThat(PatchApplier.failure(List.of("error: corrupt patch at line 8", "error: could not build fake"
                + " ancestor", "Patch failed at 0001 bad")).failedAt()).isEmpty();
        assertThat(PatchApplier.failure(List.of("Auto-merging fs/notify/mark.c",
                "CONFLICT (content): Merge conflict in fs/notify/mark.c", "error: Failed to merge in the changes."))
                .failedAt()).contains("fs/notify/mark.c");
        assertThat(PatchApplier.failure(List.of("error: sha1 information is lacking or useless (fs/notify/x.c).",
                "error: fs/notify/x.c: does not match index")).failedAt()).as("the plainer words first")
                .contains("fs/notify/x.c");
    }
}
