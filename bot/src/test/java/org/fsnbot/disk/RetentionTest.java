package org.fsnbot.disk;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import org.fsnbot.exec.CommandRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Retention on real directories, with real rm: what goes, what stays. */
class RetentionTest {

    private static final Instant NOW = Instant.parse("2026-12-06T12:00:00Z");
    private static final DiskSettings SETTINGS = new DiskSettings(30, 14, 2, 5);

    @TempDir
    Path tmp;

    private Retention retention(Map<Long, Retention.JobState> known) {
        return new Retention(new Retention.Places(tmp.resolve("jobs"), tmp.resolve("build")),
                id -> known.getOrDefault(id, Retention.JobState.UNKNOWN), SETTINGS, new CommandRunner(),
                Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private Path dir(String rel, Duration age) throws Exception {
        Path d = Files.createDirectories(tmp.resolve(rel));
        Files.writeString(d.resolve("kept.txt"), "x");
        Files.setLastModifiedTime(d, FileTime.from(NOW.minus(age)));
        return d;
    }

    private static Retention.JobState ended(Duration ago) {
        return new Retention.JobState(true, Optional.of(ago));
    }

    @Test
    void aJobsFilesGoOnceItEndedLongerAgoThanKeptAndNeverWhileItRuns() throws Exception {
        Path old = dir("jobs/1", Duration.ofDays(1));
        Path recent = dir("jobs/2", Duration.ofDays(90));
        Path running = dir("jobs/3", Duration.ofDays(90));
        Path orphanOld = dir("jobs/4", Duration.ofDays(31));
        Path orphanNew = dir("jobs/5", Duration.ofDays(29));
        Path stale = dir("jobs/.stale-9-x", Duration.ofDays(90));
        Retention.Swept s = retention(Map.of(1L, ended(Duration.ofDays(31)), 2L, ended(Duration.ofDays(29)),
                3L, new Retention.JobState(true, Optional.empty()))).sweep();
        assertThat(old).as("ended 31 days ago, whatever its directory's time").doesNotExist();
        assertThat(recent).as("ended 29 days ago").exists();
        assertThat(running).as("still running").exists();
        assertThat(orphanOld).as("no record, nothing written for 31 days").doesNotExist();
        assertThat(orphanNew).exists();
        assertThat(stale).as("not a job's name: JobDirectories' to remove").exists();
        assertThat(s.jobs()).isEqualTo(2);
    }

    @Test
    void aLinkAtAJobsNameIsRemovedNotFollowed(@TempDir Path outside) throws Exception {
        Path precious = Files.writeString(outside.resolve("precious"), "keep me");
        Files.setLastModifiedTime(outside, FileTime.from(NOW.minus(Duration.ofDays(99))));
        Files.createDirectories(tmp.resolve("jobs"));
        Files.createSymbolicLink(tmp.resolve("jobs/7"), outside);
        retention(Map.of(7L, ended(Duration.ofDays(99)))).sweep();
        assertThat(precious).hasContent("keep me");
    }

    @Test
    void buildTreesGoWhenUnusedExceptTheNewestBasesOfEachConfiguration() throws Exception {
        Path patchedOld = dir("build/aaa-c1/patched-bbb", Duration.ofDays(15));
        Path patchedNew = dir("build/aaa-c1/patched-ccc", Duration.ofDays(13));
        Path base1 = dir("build/aaa-c1/base", Duration.ofDays(20));
        Path base2 = dir("build/ddd-c1/base", Duration.ofDays(30));
        Path base3 = dir("build/eee-c1/base", Duration.ofDays(40));
        Path base4 = dir("build/fff-c1/base", Duration.ofDays(50));
        Path young = dir("build/ggg-c1/base", Duration.ofDays(1));
        Path otherConfig = dir("build/hhh-c2/base", Duration.ofDays(99));
        Retention.Swept s = retention(Map.of()).sweep();
        assertThat(patchedOld).doesNotExist();
        assertThat(patchedNew).exists();
        assertThat(young).as("newest base of c1").exists();
        assertThat(base1).as("second newest base of c1 (keepBases 2), though unused for 20 days").exists();
        assertThat(base2).doesNotExist();
        assertThat(base3).doesNotExist();
        assertThat(base4).doesNotExist();
        assertThat(tmp.resolve("build/fff-c1")).as("an emptied commit's tree goes too").doesNotExist();
        assertThat(otherConfig).as("the only base of its configuration").exists();
        assertThat(s.builds()).isEqualTo(4);
    }
}
