package org.fsnbot.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The unprivileged account untrusted code runs as when fsnbot itself runs
 * as root (the README's set-up): a fork bomb then hits that account's
 * process limit, which root's processes would not (the kernel exempts
 * root from RLIMIT_NPROC), and what the code writes is owned by nobody
 * that matters.
 */
public record SandboxUser(String name, int uid, int gid) {

    private static final Pattern NAME = Pattern.compile("[a-z_][a-z0-9_-]{0,31}");

    public SandboxUser {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("not a user name: " + name);
        }
        if (uid <= 0 || gid <= 0) {
            throw new IllegalArgumentException("the sandbox user must not be root: " + name);
        }
    }

    /** The account as the system knows it; IllegalArgumentException (with the fix) when it does not exist. */
    public static SandboxUser lookup(String name, CommandRunner runner) throws IOException {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("sandbox.user: not a user name: " + name);
        }
        CommandResult r = runner.run(List.of("getent", "passwd", name), null, Duration.ofSeconds(10));
        if (!r.ok() || r.output().isEmpty()) {
            throw new IllegalArgumentException("sandbox.user: no such user " + name + " (scripts/setup.sh creates it:"
                    + " useradd --system --no-create-home --shell /usr/sbin/nologin " + name + ")");
        }
        String[] f = r.output().get(0).split(":");
        return new SandboxUser(name, Integer.parseInt(f[2]), Integer.parseInt(f[3]));
    }

    /** The real user id of this process. */
    public static int currentUid() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("Uid:")) {
                return Integer.parseInt(line.substring(4).trim().split("\\s+")[0]);
            }
        }
        throw new IOException("/proc/self/status has no Uid line");
    }
}
