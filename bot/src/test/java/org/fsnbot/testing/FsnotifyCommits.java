package org.fsnbot.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsnbot.exec.CommandRunner;

/**
 * Commits on the base kernel in a tree of a test's own, made without a
 * checkout (an index file inside the repository), so each id depends only
 * on its parent, text and date: a second run makes the same commits and
 * finds their builds.
 */
public final class FsnotifyCommits {

    /** The eight files the range touches, one a commit: each is compiled into the tinyconfig kernel. */
    public static final List<String> FILES = List.of("fs/notify/mark.c", "fs/notify/group.c",
            "fs/notify/notification.c", "fs/notify/inotify/inotify_user.c", "fs/notify/fanotify/fanotify.c",
            "fs/notify/fdinfo.c", "fs/notify/inotify/inotify_fsnotify.c", "fs/notify/fanotify/fanotify_user.c");

    private final Path repo;
    private final String index;

    private FsnotifyCommits(Path repo, String index) {
        this.repo = repo;
        this.index = index;
    }

    /**
     * A bare tree at home/name sharing the kernel tree's objects (made the
     * first time), its commits staged in the index file named index.
     */
    public static FsnotifyCommits in(String name, String index) throws IOException {
        return at(KernelFixture.home().resolve(name), index);
    }

    /** The same at repo. */
    public static FsnotifyCommits at(Path repo, String index) throws IOException {
        if (!Files.exists(repo.resolve("HEAD"))) {
            Files.createDirectories(repo.getParent());
            new CommandRunner().check(List.of("git", "clone", "-q", "--bare", "--shared",
                    KernelFixture.tree().toString(), repo.toString()), null, Duration.ofMinutes(5));
        }
        return new FsnotifyCommits(repo, index);
    }

    public Path repo() {
        return repo;
    }

    /** The base kernel's commit (the tag scripts/linux-source-tree.sh made). */
    public String base() throws Exception {
        return GitCli.git(repo, Map.of(), "rev-parse", KernelFixture.base() + "^{commit}");
    }

    /** A commit on parent whose file gets a comment line saying subject. */
    public String comment(String parent, String file, String subject, String date) throws Exception {
        Map<String, String> env = env(date);
        GitCli.git(repo, env, "read-tree", parent);
        Path text = Files.createTempFile("fsnbot-commit", ".c");
        try {
            Files.writeString(text, GitCli.git(repo, Map.of(), "show", parent + ":" + file) + "\n/* " + subject
                    + " */\n");
            String blob = GitCli.git(repo, env, "hash-object", "-w", text.toString());
            GitCli.git(repo, env, "update-index", "--cacheinfo", "100644," + blob + "," + file);
        } finally {
            Files.delete(text);
        }
        return commit(env, parent, subject);
    }

    /** A commit on parent applying the patch of mbox. */
    public String patch(String parent, Path mbox, String subject, String date) throws Exception {
        Map<String, String> env = env(date);
        GitCli.git(repo, env, "read-tree", parent);
        GitCli.git(repo, env, "apply", "--cached", mbox.toString());
        return commit(env, parent, subject);
    }

    /**
     * Eight commits on the base, one touching each of FILES in turn, the
     * example regression patch (Repo.exampleMbox) the regressed-th (1-based;
     * 0 for none); their ids, the base first.
     */
    public List<String> range(int regressed, String tag) throws Exception {
        List<String> c = new ArrayList<>(List.of(base()));
        for (int i = 1; i <= FILES.size(); i++) {
            String parent = c.get(c.size() - 1);
            String date = "2026-11-1" + (i - 1) + "T00:00:00Z";
            c.add(i == regressed ? patch(parent, Repo.exampleMbox(), "fsnotify: revalidate children (example, " + tag
                    + ")", date) : comment(parent, FILES.get(i - 1), "fsnotify: note " + i + " in " + FILES.get(i - 1)
                    + " (" + tag + ")", date));
        }
        return c;
    }

    private Map<String, String> env(String date) {
        return GitCli.committing(repo, index, "Ann Author", "ann@example.org", date);
    }

    private String commit(Map<String, String> env, String parent, String subject) throws Exception {
        return GitCli.git(repo, env, "commit-tree", GitCli.git(repo, env, "write-tree"), "-p", parent, "-m", subject);
    }
}
