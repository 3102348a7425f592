package org.fsnbot.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.fsnbot.build.BaseLocks;
import org.fsnbot.exec.CommandRunner;

/** Looks at a base's lock (BaseLocks) from another process. */
public final class BaseLockProbe {

    private BaseLockProbe() {
    }

    /**
     * Whether another process could take base's lock on home now: Python's
     * lockf, a POSIX record lock as Java's FileLock is (flock(1) is not,
     * and would not see it).
     */
    public static boolean freeForAnotherProcess(Path home, String base) throws IOException {
        Path file = new BaseLocks(home).file(base);
        return new CommandRunner().run(List.of("python3", "-c", "import fcntl, sys\n"
                + "f = open(sys.argv[1], 'a')\n"
                + "fcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB)\n", file.toString()), null,
                Duration.ofSeconds(30)).ok();
    }

    /**
     * Whether this JVM holds base's lock on home now, read off /proc/locks
     * (a POSIX lock's line names its holder's pid and the file's inode):
     * unlike a try from another process, not confused by another process
     * holding it (the other test lane's job on the same base).
     */
    public static boolean heldByThisProcess(Path home, String base) throws IOException {
        Path file = new BaseLocks(home).file(base);
        if (!Files.exists(file)) {
            return false;
        }
        long inode = ((Number) Files.getAttribute(file, "unix:ino")).longValue();
        String pid = Long.toString(ProcessHandle.current().pid());
        for (String line : Files.readAllLines(Path.of("/proc/locks"))) {
            String[] f = line.trim().split("\\s+");
            // "1: POSIX  ADVISORY  WRITE 4321 08:01:123456 0 EOF"; blocked waiters carry a "->" first.
            int at = f.length > 1 && f[1].equals("->") ? 2 : 1;
            if (f.length > at + 4 && f[at].equals("POSIX") && f[at + 3].equals(pid)
                    && f[at + 4].endsWith(":" + inode)) {
                return true;
            }
        }
        return false;
    }
}
