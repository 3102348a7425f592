package org.fsnbot.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TrustedTreesTest {

    @Test
    void onlyTheOperatorsTreesAreTrustedWhateverAUnitSays() {
        TrustedTrees t = TrustedTrees.of(List.of("https://git.kernel.org/pub/scm/linux/kernel/git/jack/linux-fs.git",
                "/var/cache/fsnbot/linux-6.12/"));
        assertThat(t.codeOf("https://git.kernel.org/pub/scm/linux/kernel/git/jack/linux-fs.git"))
                .isEqualTo(KernelBuilder.Code.TRUSTED);
        assertThat(t.codeOf("/var/cache/fsnbot/linux-6.12")).isEqualTo(KernelBuilder.Code.TRUSTED);
        assertThat(t.codeOf("https://git.kernel.org/pub/scm/linux/kernel/git/evil/linux-fs.git"))
                .isEqualTo(KernelBuilder.Code.UNTRUSTED);
        assertThat(t.codeOf("https://git.kernel.org/pub/scm/linux/kernel/git/jack/linux-fs.git.evil.example"))
                .isEqualTo(KernelBuilder.Code.UNTRUSTED);
    }
}
