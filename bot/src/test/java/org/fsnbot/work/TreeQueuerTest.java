package org.fsnbot.work;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.git.Trees;
import org.fsnbot.intake.TreeWatcher;
import org.fsnbot.store.Store;
import org.fsnbot.store.Work;
import org.fsnbot.store.WorkKind;
import org.fsnbot.store.WorkTarget;
import org.fsnbot.testing.OpenStores;
import org.fsnbot.testing.TestClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** A watched branch in a local bare repository: only fsnotify commits queue work, with the right range. */
class TreeQueuerTest {

    @RegisterExtension
    final OpenStores stores = new OpenStores();

    private static final String MAINTAINERS = String.join("\n",
            "FSNOTIFY: FILESYSTEM NOTIFICATION INFRASTRUCTURE",
            "M:\tJan Kara <jack@suse.cz>",
            "F:\tfs/notify/",
            "F:\tinclude/linux/fsnotify*.h",
            "",
            "EXT4 FILE SYSTEM",
            "F:\tfs/ext4/",
            "");

    private final CommandRunner runner = new CommandRunner();

    private String git(Path dir, String... args) throws IOException {
        List<String> cmd = new java.util.ArrayList<>(List.of("git", "-c", "user.name=t", "-c", "user.email=t@t"));
        cmd.addAll(List.of(args));
        return runner.check(cmd, dir, Duration.ofMinutes(1)).outputText().trim();
    }

    private String commit(Path work, String file, String text, String msg) throws IOException {
        Path f = work.resolve(file);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
        git(work, "add", file);
        git(work, "commit", "-q", "-m", msg);
        git(work, "push", "-q", "origin", "HEAD:refs/heads/fsnotify");
        return git(work, "rev-parse", "HEAD");
    }

    /** A bare repository with MAINTAINERS pushed to its fsnotify branch; returns the clone that pushes. */
    private Path clonedBare(Path tmp, Path bare) throws IOException {
        git(tmp, "init", "-q", "--bare", bare.toString());
        Path work = tmp.resolve("work");
        git(tmp, "clone", "-q", bare.toString(), work.toString());
        commit(work, "MAINTAINERS", MAINTAINERS, "MAINTAINERS");
        return work;
    }

    @Test
    void twoNewCommitsOneTouchingFsNotifyQueueExactlyOneComparison(@TempDir Path tmp) throws Exception {
        Path bare = tmp.resolve("linux-fs.git");
        Path work = clonedBare(tmp, bare);
        String baseline = commit(work, "fs/notify/fsnotify.c", "int x;\n", "fsnotify: first");

        Store store = stores.h2(tmp.resolve("db/fsnbot"));
        TreeQueuer q = new TreeQueuer(new Trees(tmp.resolve("home")), new TreeWatcher(), store.intake(),
                store.queue(), store.trends(), Clock.systemUTC());
        TreeQueuer.Watch w = new TreeQueuer.Watch(bare.toString(), "fsnotify");

        assertThat(q.poll(w)).as("the first look only records the head").isEmpty();
        assertThat(q.poll(w)).as("nothing new").isEmpty();

        commit(work, "fs/notify/fsnotify.c", "int x;\nint y;\n", "fsnotify: second");
        String head = commit(work, "fs/ext4/inode.c", "int z;\n", "ext4: unrelated");
        Optional<Long> id = q.poll(w);
        assertThat(id).isPresent();
        List<Work> all = store.queue().all();
        assertThat(all).hasSize(1);
        Work work1 = all.get(0);
        assertThat(work1.kind()).isEqualTo(WorkKind.TREE);
        assertThat(work1.base().orElseThrow().rev()).isEqualTo(baseline);
        assertThat(work1.item().target()).isEqualTo(new WorkTarget.Revision(head));
        assertThat(work1.base().orElseThrow().tree()).isEqualTo(bare.toString());

        commit(work, "fs/ext4/inode.c", "int z2;\n", "ext4: unrelated again");
        assertThat(q.poll(w)).as("a commit outside fsnotify queues nothing").isEmpty();
        String next = commit(work, "include/linux/fsnotify_backend.h", "#define A\n", "fsnotify: header");
        assertThat(q.poll(w)).isPresent();
        Work work2 = store.queue().all().get(1);
        assertThat(work2.base().orElseThrow().rev()).as("compared with the last head queued for testing")
                .isEqualTo(head);
        assertThat(work2.item().target()).isEqualTo(new WorkTarget.Revision(next));
    }

    @Test
    void aBisectionsFocusIsTheCommitsTouchingFsnotifyAgainstTheirFirstParent(@TempDir Path tmp) throws Exception {
        Path bare = tmp.resolve("linux-fs.git");
        Path work = clonedBare(tmp, bare);
        String a = commit(work, "fs/notify/fsnotify.c", "int x;\n", "fsnotify: a");
        String b = commit(work, "fs/ext4/inode.c", "int z;\n", "ext4: b");
        String c = commit(work, "include/linux/fsnotify_backend.h", "#define A\n", "fsnotify: c");
        assertThat(new TreeWatcher().touchingFsnotify(bare, List.of(a, b, c), c)).containsExactlyInAnyOrder(a, c);
    }

    @Test
    void aQuietBranchIsMeasuredAgainOnceAWeekAsItIs(@TempDir Path tmp) throws Exception {
        Path bare = tmp.resolve("linux-fs.git");
        Path work = clonedBare(tmp, bare);
        String head = commit(work, "fs/notify/fsnotify.c", "int x;\n", "fsnotify: first");
        TestClock clock = new TestClock(Instant.parse("2026-11-02T08:00:00Z"));
        Store store = stores.h2(tmp.resolve("db/fsnbot"), clock);
        TreeQueuer q = new TreeQueuer(new Trees(tmp.resolve("home")), new TreeWatcher(), store.intake(),
                store.queue(), store.trends(), clock);
        TreeQueuer.Watch w = new TreeQueuer.Watch(bare.toString(), "fsnotify");
        assertThat(q.poll(w)).as("the first look").isEmpty();
        clock.advance(Duration.ofDays(6));
        assertThat(q.poll(w)).as("quiet for six days: no heartbeat yet").isEmpty();
        clock.advance(Duration.ofDays(1));
        assertThat(q.poll(w)).as("quiet for a week").isPresent();
        assertThat(q.poll(w)).as("one heartbeat a week, whatever the polls").isEmpty();
        Work beat = store.queue().all().get(0);
        assertThat(beat.title()).isEqualTo(TreeQueuer.line(w));
        assertThat(beat.base().orElseThrow().rev()).as("the head against itself").isEqualTo(head);
        assertThat(beat.item().target()).isEqualTo(new WorkTarget.Revision(head));
        store.close();
    }
}
