package org.fsnbot.image;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.CommandRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InitramfsBuilderTest {

    @Test
    void imageHoldsBusyboxInitWorkloadsAndTheJobList(@TempDir Path dir) throws Exception {
        CommandRunner run = new CommandRunner();
        Path bin = new WorkloadBinaries(dir.resolve("cache"), run).build();
        Path img = new InitramfsBuilder(InitramfsBuilder.DEFAULT_BUSYBOX)
                .build(bin, List.of("byte-write --iterations 10"), List.of("byte-write --iterations 10 --listener held"),
                        dir.resolve("i.cpio.gz"));
        CommandResult list = run.check(List.of("sh", "-c", "gzip -dc " + img + " | cpio -t --quiet"), dir,
                Duration.ofMinutes(1));
        assertThat(list.output()).contains("init", "bin/busybox", "job/workloads", "workloads/byte-write",
                "workloads/parent-modify-scale");
        Path x = dir.resolve("x");
        Files.createDirectories(x);
        run.check(List.of("sh", "-c", "gzip -dc " + img + " | cpio -id --quiet"), x, Duration.ofMinutes(1));
        assertThat(Files.readString(x.resolve("job/workloads"))).isEqualTo("byte-write --iterations 10\n");
        assertThat(Files.readString(x.resolve("job/workloads.instructions")))
                .isEqualTo("byte-write --iterations 10 --listener held\n");
        assertThat(Files.readString(x.resolve("init"))).as("the guest picks the list by its clock")
                .contains("fsnbot.clock=instructions", "job=/job/workloads.instructions", "done < \"$job\"");
        assertThat(Files.isExecutable(x.resolve("init"))).isTrue();
        CommandResult file = run.check(List.of("sh", "-c", "od -An -c -N4 workloads/byte-write"), x,
                Duration.ofMinutes(1));
        assertThat(file.outputText()).contains("E   L   F");
    }

    /** Two fsnbot processes on one home write the accelerator probe's image at once (home/probe). */
    @Test
    void probeImagesWrittenAtOnceToOnePlaceEndWhole(@TempDir Path dir) throws Exception {
        CommandRunner run = new CommandRunner();
        InitramfsBuilder builder = new InitramfsBuilder(InitramfsBuilder.DEFAULT_BUSYBOX);
        Path out = dir.resolve("probe").resolve("probe.cpio.gz");
        ExecutorService four = Executors.newFixedThreadPool(4);
        try {
            for (int round = 0; round < 5; round++) {
                List<Future<Path>> writes = new ArrayList<>();
                for (int i = 0; i < 4; i++) {
                    writes.add(four.submit(() -> builder.buildProbe(out)));
                }
                for (Future<Path> w : writes) {
                    assertThat(w.get()).isEqualTo(out);
                }
                CommandResult list = run.check(List.of("sh", "-c", "gzip -dc " + out + " | cpio -t --quiet"), dir,
                        Duration.ofMinutes(1));
                assertThat(list.output()).as("round %d", round).contains("init", "bin/busybox");
            }
        } finally {
            four.shutdownNow();
        }
        try (Stream<Path> left = Files.list(out.getParent())) {
            assertThat(left.toList()).as("the image and nothing half-written beside it").containsExactly(out);
        }
        assertThat(Files.getPosixFilePermissions(out)).as("QEMU reads it as the sandbox's user")
                .contains(PosixFilePermission.OTHERS_READ);
    }
}
