package org.fsnbot.job;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.CommandRunner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Each job's kept files, in a directory named by its number. A job's
 * number is new in its store, so a directory already there belongs to
 * another run: a second database on the same home (a fleet database made
 * anew, tests), or a killed fsnbot's. Its files must not be published as
 * the new job's, and a tmpfs a killed runner left mounted in it must not
 * fail the new job's boots (rm cannot remove a mount point, and would stop
 * the job as an infrastructure failure). A rename carries mounts along, so
 * the old directory is moved aside first, then removed as far as rm can
 * without crossing into another file system; what is left there is a
 * killed fsnbot's tmpfs, which its restart unmounts.
 */
public final class JobDirectories {

    private static final Logger log = LoggerFactory.getLogger(JobDirectories.class);
    private static final String STALE = ".stale-";

    private final Path jobs;
    private final CommandRunner runner;

    public JobDirectories(Path jobs, CommandRunner runner) {
        this.jobs = Objects.requireNonNull(jobs);
        this.runner = Objects.requireNonNull(runner);
    }

    /** Job id's directory, which may or may not exist. */
    public Path of(long id) {
        if (id <= 0) {
            throw new IllegalArgumentException("a job number is positive: " + id);
        }
        return jobs.resolve(Long.toString(id));
    }

    /** A new job's directory: made empty, whatever another run left under its number. */
    public Path fresh(long id) throws IOException {
        Path dir = of(id);
        if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            Path aside = jobs.resolve(STALE + id + "-" + UUID.randomUUID());
            Files.move(dir, aside, StandardCopyOption.ATOMIC_MOVE);
            log.warn("job {}: {} was another run's (a second database on this home, or a killed fsnbot's job);"
                    + " moved aside and removed", id, dir);
            removeStale();
        }
        Files.createDirectories(dir);
        return dir;
    }

    private void removeStale() throws IOException {
        try (DirectoryStream<Path> all = Files.newDirectoryStream(jobs, STALE + "*")) {
            for (Path p : all) {
                CommandResult r = runner.run(List.of("rm", "-rf", "--one-file-system", "--", p.toString()), null,
                        Duration.ofMinutes(10));
                if (!r.ok()) {
                    log.warn("{} is left: a file system is still mounted in it (a killed fsnbot's, which its"
                            + " restart unmounts): {}", p, String.join(" | ", r.tail(3)));
                }
            }
        }
    }
}
