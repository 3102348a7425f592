package org.fsnbot.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locations the tests read: the project checkout and the shared fixtures. */
public final class Repo {

    private Repo() {
    }

    public static Path root() {
        return Path.of(System.getProperty("fsnbot.repo", "..")).toAbsolutePath().normalize();
    }

    public static Path exampleMbox() {
        return root().resolve("examples/fsnotify-revalidate-children.mbox");
    }

    /** ../shared beside the checkout, or where -Dfsnbot.shared points. */
    public static Path shared() {
        return Path.of(System.getProperty("fsnbot.shared", root().resolve("../shared").toString()))
                .toAbsolutePath().normalize();
    }

    public static boolean haveShared() {
        return Files.isDirectory(shared().resolve("fixtures/mail"));
    }
}
