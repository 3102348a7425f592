package org.fsnbot.testbed;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;

/**
 * What a measurement boots, named by content so that it can be built once
 * and measured anywhere: each side's kernel image, the initramfs that
 * carries the workloads and the profile as run, and the block image its
 * file systems live on, if any.
 */
public record Artefacts(Kernel base, Kernel patched) {

    public Artefacts {
        Objects.requireNonNull(base);
        Objects.requireNonNull(patched);
    }

    /** A file and the SHA-256 of its bytes. */
    public record File(Path path, String sha256) {
        public File {
            Objects.requireNonNull(path);
            if (sha256 == null || !sha256.matches("[0-9a-f]{64}")) {
                throw new IllegalArgumentException("not a SHA-256: " + sha256);
            }
        }

        /** The file as it is now on disk. */
        public static File of(Path path) throws IOException {
            try (DigestInputStream in = new DigestInputStream(Files.newInputStream(path),
                    MessageDigest.getInstance("SHA-256"))) {
                in.transferTo(OutputStream.nullOutputStream());
                return new File(path, HexFormat.of().formatHex(in.getMessageDigest().digest()));
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** One side's kernel image, initramfs and block image. */
    public record Kernel(File image, File initrd, Optional<File> disk) {
        public Kernel {
            Objects.requireNonNull(image);
            Objects.requireNonNull(initrd);
            Objects.requireNonNull(disk);
        }

        public static Kernel of(Path image, Path initrd, Optional<Path> disk) throws IOException {
            return new Kernel(File.of(image), File.of(initrd), disk.isPresent() ? Optional.of(File.of(disk.get()))
                    : Optional.empty());
        }

        /** Another kernel image booted with this one's initramfs and block image, not digested again. */
        public Kernel withImage(Path other) throws IOException {
            return new Kernel(File.of(other), initrd, disk);
        }
    }
}
