package org.fsnbot.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Objects;

/**
 * fsnbot's directory and what lives where in it: the database, each
 * job's kept files and the weekly pages (under state, the root unless
 * moved: a test that shares another's builds keeps its own history), the
 * outbox (movable, for test-patch --outbox), the inbox mirrors, the mboxes
 * of queued series, scratch space; locks, builds, source checkouts and
 * tree mirrors live under the root too (see the stages that make them).
 */
public record Home(Path root, Path outbox, Path state) {

    public Home {
        Objects.requireNonNull(root);
        Objects.requireNonNull(outbox);
        Objects.requireNonNull(state);
    }

    public static Home at(Path root) {
        return new Home(root, root.resolve("outbox"), root);
    }

    /** The same home with its database and weekly pages in dir. */
    public Home withState(Path dir) {
        return new Home(root, outbox, dir);
    }

    /** $FSNBOT_HOME, else ~/.cache/fsnbot. */
    public static Path defaultRoot() {
        String env = System.getenv("FSNBOT_HOME");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        return Path.of(System.getProperty("user.home"), ".cache", "fsnbot");
    }

    public Home withOutbox(Path dir) {
        return new Home(root, dir, state);
    }

    public Path database() {
        return state.resolve("db").resolve("fsnbot");
    }

    public Path mirrors() {
        return root.resolve("lore");
    }

    public Path queuedMboxes() {
        return root.resolve("queue");
    }

    public Path probe() {
        return root.resolve("probe");
    }

    /** Each job's kept files, by the job's number in the database beside it. */
    public Path jobs() {
        return state.resolve("jobs");
    }

    /** The weekly report's pages, charts and data (docs/trends.md). */
    public Path www() {
        return state.resolve("www");
    }

    public Path scratch() {
        return root.resolve("tmp");
    }

    /**
     * Makes the root, and the state directory when it is elsewhere, each
     * 0700: the database, the outbox and every job's files are fsnbot's
     * alone, whoever else has an account on the machine. Everything else is
     * made by whoever writes it.
     */
    public Home create() throws IOException {
        for (Path dir : List.of(root, state)) {
            Files.createDirectories(dir);
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        }
        return this;
    }
}
