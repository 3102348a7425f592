package org.fsnbot.exec;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Who owns the directories a sandboxed step writes: the sandbox user
 * while the step runs, fsnbot (root) at rest. When fsnbot is not root
 * there is nobody to hand them to, and nothing changes hands.
 */
final class Ownership {

    private final CommandRunner runner;
    private final Optional<SandboxUser> user;

    /** user: required when fsnbot runs as root, absent otherwise. */
    Ownership(CommandRunner runner, Optional<SandboxUser> user) throws IOException {
        this.runner = runner;
        this.user = user;
        boolean root = SandboxUser.currentUid() == 0;
        if (root && user.isEmpty()) {
            throw new IllegalArgumentException("fsnbot runs as root: the sandbox needs sandbox.user");
        }
        if (!root && user.isPresent()) {
            throw new IllegalArgumentException("sandbox.user needs fsnbot to run as root (it switches to that user)");
        }
    }

    void handOver(Path dir) throws IOException {
        if (user.isPresent()) {
            chown(dir, user.get().uid() + ":" + user.get().gid());
        }
    }

    void takeBack(Path dir) throws IOException {
        if (user.isPresent()) {
            chown(dir, "0:0");
        }
    }

    private void chown(Path dir, String owner) throws IOException {
        runner.check(List.of("chown", "-R", "--no-dereference", owner, dir.toString()), null, Duration.ofMinutes(5));
    }
}
