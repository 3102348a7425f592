package org.fsnbot.testing;

import java.io.IOException;
import java.util.Optional;
import org.fsnbot.exec.BwrapSandbox;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.exec.ContainerSandbox;
import org.fsnbot.exec.SandboxUser;

/** The sandboxes as the README's set-up makes them: as root, with the user scripts/setup.sh creates. */
public final class Sandboxes {

    public static final String USER = "fsnbot-sandbox";

    private Sandboxes() {
    }

    public static boolean root() {
        try {
            return SandboxUser.currentUid() == 0;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The image scripts/build-image.sh makes (the README's test command runs it). */
    public static final String IMAGE = "fsnbot-build:bookworm";

    public static BwrapSandbox bwrap(String owner) throws IOException {
        CommandRunner runner = new CommandRunner();
        return new BwrapSandbox(runner, user(runner), owner);
    }

    public static ContainerSandbox container(String owner) throws IOException {
        CommandRunner runner = new CommandRunner();
        return new ContainerSandbox(runner, IMAGE, user(runner), owner);
    }

    private static Optional<SandboxUser> user(CommandRunner runner) throws IOException {
        return root() ? Optional.of(SandboxUser.lookup(USER, runner)) : Optional.empty();
    }
}
