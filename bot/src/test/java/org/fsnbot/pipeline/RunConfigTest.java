package org.fsnbot.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunConfigTest {

    @Test
    void theEmbeddedDefaultsFollowLoreAndTheFsnotifyBranch() throws Exception {
        RunConfig c = RunConfig.load(Optional.empty());
        assertThat(c.inboxes()).extracting(i -> i.url()).containsExactly("https://lore.kernel.org/linux-fsdevel/");
        assertThat(c.allInboxUrl()).isPresent();
        assertThat(c.bases().get(0).rev()).isEqualTo("fsnotify");
        assertThat(c.pollMinutes()).isEqualTo(10);
        assertThat(c.treeReportTo()).containsExactly(c.from());
    }

    @Test
    void aFileOverridesKeysAndReplacesListsWhole(@TempDir Path tmp) throws Exception {
        Path f = tmp.resolve("c.yaml");
        Files.writeString(f, "pollMinutes: 3\ninboxes:\n  - name: local\n    url: /srv/inbox\n");
        RunConfig c = RunConfig.load(Optional.of(f));
        assertThat(c.pollMinutes()).isEqualTo(3);
        assertThat(c.inboxes()).hasSize(1);
        assertThat(c.inboxes().get(0).httpUrl()).isEmpty();
        assertThat(c.bases()).hasSize(2);
    }

    @Test
    void badFilesAreRefusedWithTheReason(@TempDir Path tmp) throws Exception {
        Path typo = tmp.resolve("typo.yaml");
        Files.writeString(typo, "pollMinuts: 3\n");
        assertThatThrownBy(() -> RunConfig.load(Optional.of(typo))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("pollMinuts");
        Path zero = tmp.resolve("zero.yaml");
        Files.writeString(zero, "pollMinutes: 0\n");
        assertThatThrownBy(() -> RunConfig.load(Optional.of(zero))).hasMessageContaining("pollMinutes must be >= 1");
        Path badName = tmp.resolve("name.yaml");
        Files.writeString(badName, "inboxes:\n  - name: \"a b\"\n    url: /x\n");
        assertThatThrownBy(() -> RunConfig.load(Optional.of(badName))).hasMessageContaining("inbox name");
        assertThatThrownBy(() -> RunConfig.load(Optional.of(tmp.resolve("missing.yaml"))))
                .hasMessageContaining("no such file");
    }
}
