package org.fsnbot.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What keeps a checkout the sandbox user wrote (git am of a mail's patch,
 * a checkout of a revision a mail named) from running code as root when
 * fsnbot's own git runs in it next. Inside the sandbox the checkout and
 * its .git are the sandbox user's; what git reads there and could execute
 * from is its configuration (core.fsmonitor, filter drivers, aliases,
 * diff and merge drivers, include.path), where configuration may come from
 * instead (commondir, config.worktree, info/attributes) and its hooks. So
 * (1) those files are put back as they were before the sandbox had the
 * checkout, whatever stands there now (a link, a directory, a new file),
 * and (2) every git fsnbot runs as itself in a checkout runs with hooks
 * and fsmonitor off (ROOT_GIT), which holds even if (1) missed a route.
 */
public final class CheckoutGuard {

    /** git as fsnbot runs it in a checkout: no hook, no fsmonitor, whatever its configuration says. */
    public static final List<String> ROOT_GIT = List.of("git", "-c", "core.hooksPath=/dev/null", "-c",
            "core.fsmonitor=false");

    /** Files under .git that say what git runs or where it reads that from. */
    private static final List<String> KEPT = List.of("config", "commondir", "config.worktree", "info/attributes",
            "hooks");

    private final Path gitDir;
    private final Object gitDirKey;
    private final Map<String, Optional<byte[]>> before;

    private CheckoutGuard(Path gitDir, Object gitDirKey, Map<String, Optional<byte[]>> before) {
        this.gitDir = gitDir;
        this.gitDirKey = gitDirKey;
        this.before = before;
    }

    /** git as fsnbot runs it in a checkout, with args. */
    public static List<String> git(String... args) {
        List<String> cmd = new ArrayList<>(ROOT_GIT);
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** What the checkout's git configuration is now, before the sandbox gets it. */
    public static CheckoutGuard before(Path checkout) throws IOException {
        Path gitDir = checkout.resolve(".git");
        Object key = realGitDir(gitDir).orElseThrow(() -> new IOException(checkout + " has no .git directory"));
        Map<String, Optional<byte[]>> saved = new LinkedHashMap<>();
        for (String name : KEPT) {
            Path p = gitDir.resolve(name);
            saved.put(name, Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) ? Optional.of(Files.readAllBytes(p))
                    : Optional.empty());
        }
        return new CheckoutGuard(gitDir, key, saved);
    }

    /** The identity of a real .git directory (no link, no gitfile), if it is one. */
    static Optional<Object> realGitDir(Path gitDir) throws IOException {
        if (!Files.isDirectory(gitDir, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        return Optional.ofNullable(Files.readAttributes(gitDir, java.nio.file.attribute.BasicFileAttributes.class,
                LinkOption.NOFOLLOW_LINKS).fileKey());
    }

    /**
     * Puts the configuration back after the sandbox had the checkout:
     * each file as it was, what was not there removed (the hooks directory
     * always: fsnbot runs none). Links are removed, never followed.
     */
    public void restore() throws IOException {
        if (!realGitDir(gitDir).equals(Optional.ofNullable(gitDirKey))) {
            throw new IOException(gitDir + " was replaced while the sandbox had the checkout (a link, a gitfile"
                    + " or another directory): fsnbot runs no git in it again");
        }
        Path info = gitDir.resolve("info");
        if (Files.isSymbolicLink(info) || (Files.exists(info, LinkOption.NOFOLLOW_LINKS)
                && !Files.isDirectory(info, LinkOption.NOFOLLOW_LINKS))) {
            Files.delete(info);
        }
        for (Map.Entry<String, Optional<byte[]>> e : before.entrySet()) {
            Path p = gitDir.resolve(e.getKey());
            removeAll(p);
            if (e.getValue().isPresent()) {
                Files.createDirectories(p.getParent());
                Files.write(p, e.getValue().get());
            }
        }
    }

    private static void removeAll(Path p) throws IOException {
        if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            try (Stream<Path> all = Files.walk(p)) {
                for (Path q : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(q);
                }
            }
        } else {
            Files.delete(p);
        }
    }
}
