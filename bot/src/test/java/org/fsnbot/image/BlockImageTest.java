package org.fsnbot.image;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.fsnbot.exec.CommandRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BlockImageTest {

    @Test
    void everyGroupsInodeTableIsZeroedSoTheGuestStartsNoLazyInit(@TempDir Path dir) throws Exception {
        CommandRunner runner = new CommandRunner();
        Path img = new BlockImage(runner).build(dir.resolve("sub/block-ext4.img"));
        String groups = runner.check(List.of("dumpe2fs", img.toString()), null, Duration.ofMinutes(1)).outputText();
        List<String> lines = groups.lines().filter(l -> l.matches("Group \\d+: .*")).toList();
        assertThat(lines).as("a 128 MiB ext4 has several block groups").hasSizeGreaterThan(1)
                .allSatisfy(l -> assertThat(l).contains("ITABLE_ZEROED"));
    }
}
