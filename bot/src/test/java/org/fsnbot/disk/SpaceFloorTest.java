package org.fsnbot.disk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The floor against this machine's real free space. */
class SpaceFloorTest {

    @Test
    void belowTheFloorItSaysWhyAndAboveItNothing(@TempDir Path tmp) {
        assertThat(new SpaceFloor(tmp, 0).shortOf()).as("0: never").isEmpty();
        assertThat(new SpaceFloor(tmp, 1).shortOf()).as("a byte is free here").isEmpty();
        assertThat(new SpaceFloor(tmp, 1L << 60).shortOf()).hasValueSatisfying(w -> assertThat(w)
                .contains("below the floor of 1073741824.0 GiB").contains(tmp.toString()));
    }

    @Test
    void aHomeNotMadeYetIsWeighedOnTheFileSystemItWillBeOn(@TempDir Path tmp) {
        assertThat(new SpaceFloor(tmp.resolve("not/yet"), 1L << 60).shortOf()).hasValueSatisfying(w -> assertThat(w)
                .contains("below the floor"));
        assertThat(new SpaceFloor(tmp.resolve("not/yet"), 1).shortOf()).isEmpty();
    }

    @Test
    void settingsRefuseNonsense() {
        assertThatThrownBy(() -> new DiskSettings(0, 14, 4, 5)).hasMessageContaining("keepJobDays");
        assertThatThrownBy(() -> new DiskSettings(30, 14, 0, 5)).hasMessageContaining("keepBases");
        assertThatThrownBy(() -> new DiskSettings(30, 14, 4, -1)).hasMessageContaining("minFreeGiB");
    }
}
