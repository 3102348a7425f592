package org.fsnbot.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.fsnbot.exec.BwrapSandbox;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.exec.Confinement;
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
        return new BwrapSandbox(runner, confinement(runner, owner));
    }

    public static ContainerSandbox container(String owner) throws IOException {
        CommandRunner runner = new CommandRunner();
        return new ContainerSandbox(runner, IMAGE, confinement(runner, owner));
    }

    /** As fsnbot makes it: the filter compiled into a directory of the tests' own (cached across runs). */
    public static Confinement confinement(CommandRunner runner, String owner) throws IOException {
        return Confinement.forThisHost(runner, user(runner), owner, STATE);
    }

    private static final Path STATE = Path.of(System.getProperty("java.io.tmpdir"), "fsnbot-test-sandbox");

    private static Optional<SandboxUser> user(CommandRunner runner) throws IOException {
        return root() ? Optional.of(SandboxUser.lookup(USER, runner)) : Optional.empty();
    }
}
