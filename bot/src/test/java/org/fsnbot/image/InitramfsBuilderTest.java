package org.fsnbot.image;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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
}
