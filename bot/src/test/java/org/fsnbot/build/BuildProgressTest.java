package org.fsnbot.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A build's progress line has a total and the time left whenever a build of its configuration gave one. */
class BuildProgressTest {

    @Test
    void theLineSaysHowFarOfHowManyAndTheTimeLeftAtThePaceSoFar() {
        assertThat(KernelMake.progress(200, 1165, 100)).isEqualTo(
                "200 of about 1165 objects in 1 min 40 s, about 8 min 03 s left");
        assertThat(KernelMake.progress(1200, 1165, 600)).isEqualTo(
                "1200 objects in 10 min 00 s (more than the last build's 1165)");
        assertThat(KernelMake.progress(400, 0, 130)).isEqualTo(
                "400 objects in 2 min 10 s (the first build of this configuration: no total yet)");
    }

    @Test
    void aFirstBuildOfABaseTakesItsTotalFromTheNewestBuildOfItsConfiguration(@TempDir Path root) throws Exception {
        assertThat(BuildDir.countOfAnother(root, "cc4c9ebeb0c3")).isZero();
        count(root.resolve("aaaa-cc4c9ebeb0c3/base"), "1100", 1000);
        count(root.resolve("bbbb-cc4c9ebeb0c3/patched-1"), "1165", 2000);
        count(root.resolve("cccc-ffffffffffff/base"), "9000", 3000);
        Files.createDirectories(root.resolve("dddd-cc4c9ebeb0c3/unfinished"));
        assertThat(BuildDir.countOfAnother(root, "cc4c9ebeb0c3")).isEqualTo(1165);
    }

    private static void count(Path dir, String n, long millis) throws Exception {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("objects"), n + "\n");
        Files.setLastModifiedTime(dir.resolve("objects"), FileTime.fromMillis(millis));
    }
}
