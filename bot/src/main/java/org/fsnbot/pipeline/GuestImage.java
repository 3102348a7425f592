package org.fsnbot.pipeline;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.WorkloadSpec;

/**
 * What every boot of a job gets besides its kernel: the initramfs that
 * runs the profile's workloads and the ext4 disk behind /mnt/block. Test
 * jobs and calibrations make it the same way.
 */
record GuestImage(Path initrd, Optional<Path> disk) {

    static GuestImage build(PatchTestPipeline.Stages s, Profile profile, Path dir) throws IOException {
        Path initrd = s.initramfs().build(s.workloads().build(),
                profile.workloads().stream().map(WorkloadSpec::commandLine).toList(), dir.resolve("initramfs.cpio.gz"));
        return new GuestImage(initrd, Optional.of(s.blockImage().build(dir.resolve("block-ext4.img"))));
    }
}
