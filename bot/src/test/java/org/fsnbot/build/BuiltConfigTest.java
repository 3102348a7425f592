package org.fsnbot.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuiltConfigTest {

    @Test
    void namesTheCompilerKbuildRecordedAndHashesTheFile(@TempDir Path obj) throws Exception {
        Files.writeString(obj.resolve("config"), "CONFIG_CC_VERSION_TEXT=\"gcc (Debian 12.2.0-14+deb12u1) 12.2.0\"\n"
                + "CONFIG_FSNOTIFY=y\n");
        Path log = Files.writeString(obj.resolve("build.log"), "");
        BuiltConfig c = BuiltConfig.of(BuildResult.built("base", "a".repeat(40), obj.resolve("bzImage"),
                BuildResult.Cost.REUSED, log)).orElseThrow();
        assertThat(c.compiler()).isEqualTo("gcc (Debian 12.2.0-14+deb12u1) 12.2.0");
        assertThat(c.sha256()).matches("[0-9a-f]{64}");
        Files.writeString(obj.resolve("config"), "CONFIG_FSNOTIFY=n\n");
        assertThat(BuiltConfig.of(BuildResult.built("base", "a".repeat(40), obj.resolve("bzImage"),
                BuildResult.Cost.REUSED, log)).orElseThrow().sha256()).isNotEqualTo(c.sha256());
        assertThat(BuiltConfig.of(BuildResult.failed("base", "a".repeat(40), BuildResult.Cost.REUSED,
                List.of("error"), log))).isEmpty();
    }
}
