package org.fsnbot.vm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.fsnbot.boot.BootOutcome;
import org.fsnbot.boot.BootStatus;
import org.fsnbot.boot.Guest;
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
        assertThat(o.evidence()).startsWith("exit status ");
    }

    /**
     * A stand-in for a QEMU the guest took over: it finds where its serial
     * logs go and leaves there a symlink to a root-only host file and a
     * FIFO, and a hard link and a 600 MiB flood in its space. fsnbot must
     * read neither through, hang on neither, and keep its own copies
     * bounded.
     */
    @Test
    void whatAHijackedQemuLeavesIsNeitherFollowedNorWaitedFor(@TempDir Path dir) throws Exception {
        Path secret = Files.writeString(dir.resolve("secret"), "s3cret-host-file\n");
        Files.setPosixFilePermissions(secret, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        Path fake = Files.writeString(dir.resolve("fake-qemu"), String.join("\n", "#!/bin/sh",
                "for a; do case \"$a\" in file,id=console,path=*) c=${a#*path=};; file,id=results,path=*)"
                        + " r=${a#*path=};; esac; done",
                "ln -s " + secret + " \"$c\"", "mkfifo \"$r\"", "d=$(dirname \"$c\")",
                "ln \"$0\" \"$d/hard\" 2>/dev/null; head -c 629145600 /dev/zero > \"$d/flood\"; exit 0", ""));
        Files.setPosixFilePermissions(fake, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        Path initrd = Files.writeString(dir.resolve("initrd"), "not an initramfs");
        Path boots = Files.createDirectories(dir.resolve("boots"));
        long start = System.nanoTime();
        BootOutcome o = new QemuBoot(Sandboxes.bwrap("qemu-boot-test"), fake.toString()).boot(
                new Guest(fake, initrd, Optional.empty()), new Machine(Accelerator.TCG, Topology.DEFAULT,
                        Duration.ofSeconds(60)), "hijacked", boots);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).as("nothing waited on the FIFO")
                .isLessThan(Duration.ofSeconds(50));
        assertThat(o.status()).isEqualTo(BootStatus.NO_RESULTS);
        assertThat(o.consoleTail()).noneMatch(l -> l.contains("s3cret"));
        try (java.util.stream.Stream<Path> left = Files.list(boots)) {
            assertThat(left.map(p -> p.getFileName().toString())).as("the boot's space is gone; no link was kept")
                    .doesNotContain("hijacked.run", "hijacked.console.log", "hijacked.results.log");
        }
        assertThat(secret).hasContent("s3cret-host-file");
    }
}
