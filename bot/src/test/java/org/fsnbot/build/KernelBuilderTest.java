package org.fsnbot.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KernelBuilderTest {

    @Test
    void errorLinesQuoteTheCompilerAndStopAtForty() {
        List<String> out = new ArrayList<>(List.of("  CC      fs/notify/fsnotify.o",
                "fs/notify/fsnotify.c:265:13: error: 'x' undeclared (first use in this function)",
                "make[4]: *** [scripts/Makefile.build:229: fs/notify/fsnotify.o] Error 1"));
        for (int i = 0; i < 100; i++) {
            out.add("drivers/x.c:1:1: error: e" + i);
        }
        List<String> errors = KernelMake.errorLines(out);
        assertThat(errors).hasSize(BuildResult.MAX_ERROR_LINES);
        assertThat(errors.get(0)).contains("error: 'x' undeclared");
        assertThat(errors).noneMatch(l -> l.contains("  CC  "));
    }

    @Test
    void reportsFragmentSettingsThatOlddefconfigDropped() throws Exception {
        KernelConfig c = KernelConfig.builtin();
        List<String> dotConfig = new ArrayList<>();
        c.settings().forEach((k, v) -> dotConfig.add(k + "=" + v));
        assertThat(KernelConfigurer.missingSettings(dotConfig, c)).isEmpty();
        dotConfig.remove("CONFIG_FANOTIFY=y");
        assertThat(KernelConfigurer.missingSettings(dotConfig, c)).containsExactly("CONFIG_FANOTIFY=y");
    }

    @Test
    void theFragmentCoversWhatTheIssueAsksFor() throws Exception {
        KernelConfig c = KernelConfig.builtin();
        assertThat(c.settings()).containsKeys("CONFIG_FSNOTIFY", "CONFIG_INOTIFY_USER", "CONFIG_FANOTIFY",
                "CONFIG_TMPFS", "CONFIG_IO_URING", "CONFIG_SMP", "CONFIG_NUMA", "CONFIG_ACPI_NUMA",
                "CONFIG_SERIAL_8250_CONSOLE", "CONFIG_BLK_DEV_INITRD");
        assertThat(c.hash()).hasSize(12);
    }
}
