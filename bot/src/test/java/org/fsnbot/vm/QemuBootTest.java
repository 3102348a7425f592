package org.fsnbot.vm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.fsnbot.testing.Sandboxes;
import org.fsnbot.plan.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QemuBootTest {

    @Test
    void qemuThatDiesIsAnInfrastructureFailureNotAResult(@TempDir Path dir) throws Exception {
        Path notAKernel = Files.writeString(dir.resolve("bzImage"), "this is not a kernel");
        Path initrd = Files.writeString(dir.resolve("initrd"), "nor an initramfs");
        BootOutcome o = new QemuBoot(Sandboxes.bwrap("qemu-boot-test")).boot(new Guest(notAKernel, initrd, Optional.empty()),
                new Machine(Accelerator.TCG, Topology.DEFAULT, Duration.ofSeconds(60)), "dies", dir);
        assertThat(o.status()).isEqualTo(BootStatus.QEMU_FAILED);
        assertThat(o.status().infrastructureFailure()).isTrue();
        assertThat(o.results()).isEmpty();
        assertThat(o.detail()).startsWith("QEMU exited");
    }
}
