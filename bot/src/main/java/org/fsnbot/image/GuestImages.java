package org.fsnbot.image;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.WorkloadSpec;

/** Makes the guest image of a profile: the workload binaries in an initramfs, and the block disk. */
public final class GuestImages {

    private final WorkloadBinaries workloads;
    private final InitramfsBuilder initramfs;
    private final BlockImage blockImage;

    public GuestImages(WorkloadBinaries workloads, InitramfsBuilder initramfs, BlockImage blockImage) {
        this.workloads = workloads;
        this.initramfs = initramfs;
        this.blockImage = blockImage;
    }

    public GuestImage forProfile(Profile profile, Path dir) throws IOException {
        Path initrd = initramfs.build(workloads.build(),
                profile.workloads().stream().map(WorkloadSpec::commandLine).toList(),
                profile.workloads().stream().map(WorkloadSpec::instructionCommandLine).toList(),
                dir.resolve("initramfs.cpio.gz"));
        return new GuestImage(initrd, Optional.of(blockImage.build(dir.resolve("block-ext4.img"))));
    }

    /** An image whose init only says it booted: what the accelerator probe boots. */
    public Path probe(Path dir) throws IOException {
        return initramfs.buildProbe(dir.resolve("probe.cpio.gz"));
    }
}
