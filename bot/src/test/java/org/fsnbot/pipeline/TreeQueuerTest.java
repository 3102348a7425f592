package org.fsnbot.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.fsnbot.build.SourceTrees;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.intake.TreeWatcher;
import org.fsnbot.store.Store;
import org.fsnbot.store.WorkQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A watched branch in a local bare repository: only fsnotify commits queue work, with the right range. */
class TreeQueuerTest {

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

    @Test
    void twoNewCommitsOneTouchingFsNotifyQueueExactlyOneComparison(@TempDir Path tmp) throws Exception {
        Path bare = tmp.resolve("linux-fs.git");
        git(tmp, "init", "-q", "--bare", bare.toString());
        Path work = tmp.resolve("work");
        git(tmp, "clone", "-q", bare.toString(), work.toString());
        commit(work, "MAINTAINERS", MAINTAINERS, "MAINTAINERS");
        String baseline = commit(work, "fs/notify/fsnotify.c", "int x;\n", "fsnotify: first");

        Store store = Store.h2(tmp.resolve("db/fsnbot"));
        PrintStream log = System.err;
        TreeQueuer q = new TreeQueuer(new SourceTrees(tmp.resolve("home"), runner), new TreeWatcher(),
                store.intake(), store.queue(), log);
        RunConfig.Watch w = new RunConfig.Watch(bare.toString(), "fsnotify");

        assertThat(q.poll(w)).as("the first look only records the head").isEmpty();
        assertThat(q.poll(w)).as("nothing new").isEmpty();

        commit(work, "fs/notify/fsnotify.c", "int x;\nint y;\n", "fsnotify: second");
        String head = commit(work, "fs/ext4/inode.c", "int z;\n", "ext4: unrelated");
        Optional<Long> id = q.poll(w);
        assertThat(id).isPresent();
        List<WorkQueue.Work> all = store.queue().all();
        assertThat(all).hasSize(1);
        WorkQueue.Work work1 = all.get(0);
        assertThat(work1.kind()).isEqualTo(WorkQueue.Kind.TREE);
        assertThat(work1.baseRev()).isEqualTo(baseline);
        assertThat(work1.headRev()).isEqualTo(head);
        assertThat(work1.tree()).isEqualTo(bare.toString());

        commit(work, "fs/ext4/inode.c", "int z2;\n", "ext4: unrelated again");
        assertThat(q.poll(w)).as("a commit outside fsnotify queues nothing").isEmpty();
        String next = commit(work, "include/linux/fsnotify_backend.h", "#define A\n", "fsnotify: header");
        assertThat(q.poll(w)).isPresent();
        WorkQueue.Work work2 = store.queue().all().get(1);
        assertThat(work2.baseRev()).as("compared with the last head queued for testing").isEqualTo(head);
        assertThat(work2.headRev()).isEqualTo(next);
    }
}
