package org.fsnbot.disk;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.LongFunction;
import java.util.regex.Pattern;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.CommandRunner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Removes kept files whose time is up, so a home does not grow without
 * bound (a job's directory holds its kernels and image, tens of MiB; a
 * base build's objects hundreds):
 *
 * - a job's directory once the job ended keepJobDays ago (its record,
 *   tables and verdicts stay in the database); a directory whose job the
 *   database does not know, once nothing was written in it for as long;
 *   a running job's never;
 * - a build tree (home/build/COMMIT-CONFIG/VARIANT) not used for
 *   keepBuildDays, except the keepBases newest base builds of each
 *   configuration: the trees later builds are seeded from.
 *
 * rm runs with --one-file-system: a space still mounted in a tree (a
 * build or boot that is running) is neither crossed nor emptied.
 */
public final class Retention {

    private static final Logger log = LoggerFactory.getLogger(Retention.class);
    private static final Pattern JOB = Pattern.compile("[1-9][0-9]{0,18}");
    private static final String BASE = "base";

    /** What one sweep removed. */
    public record Swept(int jobs, int builds) {
        public int total() {
            return jobs + builds;
        }
    }

    /** Where the kept files are: each job's directory by number, and the build trees. */
    public record Places(Path jobs, Path builds) {
        public Places {
            Objects.requireNonNull(jobs);
            Objects.requireNonNull(builds);
        }
    }

    /**
     * How a job stands for retention: known to the database and ended (so
     * long ago, on the clock its records are written by), known and still
     * running (no age), or unknown.
     */
    public record JobState(boolean known, Optional<Duration> endedAgo) {
        public static final JobState UNKNOWN = new JobState(false, Optional.empty());
    }

    private final Places places;
    private final LongFunction<JobState> jobs;
    private final DiskSettings settings;
    private final CommandRunner runner;
    private final Clock clock;

    public Retention(Places places, LongFunction<JobState> jobs, DiskSettings settings, CommandRunner runner,
            Clock clock) {
        this.places = Objects.requireNonNull(places);
        this.jobs = Objects.requireNonNull(jobs);
        this.settings = Objects.requireNonNull(settings);
        this.runner = Objects.requireNonNull(runner);
        this.clock = Objects.requireNonNull(clock);
    }

    /**
     * Removes what is due. clock is the file system's (a directory's time
     * is the machine's), never a test's or a replay's clock: a job's age
     * comes with its state.
     */
    public Swept sweep() throws IOException {
        Instant now = clock.instant();
        Duration keepJobs = Duration.ofDays(settings.keepJobDays());
        int j = sweepJobs(now.minus(keepJobs), keepJobs);
        int b = sweepBuilds(now.minus(Duration.ofDays(settings.keepBuildDays())));
        return new Swept(j, b);
    }

    private int sweepJobs(Instant cutoff, Duration keep) throws IOException {
        int removed = 0;
        for (Path dir : children(places.jobs())) {
            String name = dir.getFileName().toString();
            if (!JOB.matcher(name).matches()) {
                continue;
            }
            JobState s = jobs.apply(Long.parseLong(name));
            boolean old = s.known() ? s.endedAgo().filter(ago -> ago.compareTo(keep) > 0).isPresent()
                    : lastWritten(dir).isBefore(cutoff);
            if (old && remove(dir)) {
                removed++;
            }
        }
        if (removed > 0) {
            log.info("retention: removed the kept files of {} job(s) ended more than {} day(s) ago (their records"
                    + " stay)", removed, settings.keepJobDays());
        }
        return removed;
    }

    private int sweepBuilds(Instant cutoff) throws IOException {
        Map<String, List<Path>> basesByConfig = new HashMap<>();
        List<Path> others = new ArrayList<>();
        for (Path tree : children(places.builds())) {
            String name = tree.getFileName().toString();
            int dash = name.lastIndexOf('-');
            if (dash < 1) {
                continue;
            }
            for (Path variant : children(tree)) {
                if (variant.getFileName().toString().equals(BASE)) {
                    basesByConfig.computeIfAbsent(name.substring(dash + 1), k -> new ArrayList<>()).add(variant);
                } else {
                    others.add(variant);
                }
            }
        }
        List<Path> candidates = new ArrayList<>(others);
        for (List<Path> bases : basesByConfig.values()) {
            bases.sort(Comparator.comparing(Retention::lastWritten).reversed());
            candidates.addAll(bases.subList(Math.min(settings.keepBases(), bases.size()), bases.size()));
        }
        int removed = 0;
        for (Path variant : candidates) {
            if (lastWritten(variant).isBefore(cutoff) && remove(variant)) {
                removed++;
                Path tree = variant.getParent();
                try (DirectoryStream<Path> left = Files.newDirectoryStream(tree)) {
                    if (!left.iterator().hasNext()) {
                        Files.deleteIfExists(tree);
                    }
                }
            }
        }
        if (removed > 0) {
            log.info("retention: removed {} build tree(s) unused for more than {} day(s) (the {} newest base builds"
                    + " of each configuration stay)", removed, settings.keepBuildDays(), settings.keepBases());
        }
        return removed;
    }

    /** The directories in dir (no links followed), none when dir is not there. */
    private static List<Path> children(Path dir) throws IOException {
        List<Path> out = new ArrayList<>();
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return out;
        }
        try (DirectoryStream<Path> all = Files.newDirectoryStream(dir)) {
            for (Path p : all) {
                if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    out.add(p);
                }
            }
        }
        return out;
    }

    /**
     * The directory's own modification time: when an entry was last made
     * or removed in it (KernelBuilder touches a build tree it reuses).
     */
    private static Instant lastWritten(Path p) {
        try {
            return Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS).toInstant();
        } catch (IOException e) {
            return Instant.MAX;
        }
    }

    private boolean remove(Path p) {
        CommandResult r;
        try {
            r = runner.run(List.of("rm", "-rf", "--one-file-system", "--", p.toString()), null, Duration.ofMinutes(10));
        } catch (IOException e) {
            log.warn("retention: {} is left ({}); looking again at the next sweep", p, e.toString());
            return false;
        }
        if (!r.ok()) {
            log.warn("retention: {} is left ({}); looking again at the next sweep", p, String.join(" | ", r.tail(3)));
        }
        return r.ok();
    }
}
