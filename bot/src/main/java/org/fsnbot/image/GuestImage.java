package org.fsnbot.image;

import java.nio.file.Path;
import java.util.Optional;

/**
 * What every boot of a job gets besides its kernel: the initramfs that
 * runs the profile's workloads and the ext4 disk behind /mnt/block.
 */
public record GuestImage(Path initrd, Optional<Path> disk) {
}
