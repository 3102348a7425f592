package org.fsnbot.exec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A host path a sandboxed step sees, at the same place as on the host (so
 * Kbuild's object directories and QEMU's file names need no translation).
 * Nothing else of the host's file system is there beyond the system's own
 * read-only directories.
 */
public record Mount(Path path, Access access) {

    /** What the step may do with the path. */
    public enum Access {
        READ_ONLY,
        WRITABLE,
        /** A device node the step may open (/dev/kvm). */
        DEVICE
    }

    public Mount {
        Objects.requireNonNull(access);
        if (path == null || !path.isAbsolute() || !path.normalize().equals(path)) {
            throw new IllegalArgumentException("a mount needs an absolute, normal path: " + path);
        }
        if (path.getNameCount() == 0) {
            throw new IllegalArgumentException("the root directory cannot be mounted into a sandbox");
        }
    }

    /**
     * Refuses a source that does not resolve to itself: a mount source is
     * resolved by the sandbox as root, so a symlink anywhere on its path
     * would mount whatever it points to. Sources are paths fsnbot made;
     * this holds them to it.
     */
    public void checkSource() throws IOException {
        Path real = path.toRealPath();
        if (!real.equals(path)) {
            throw new IOException("refusing to mount " + path + ": it resolves to " + real);
        }
    }

    public static Mount readOnly(Path p) {
        return new Mount(p.toAbsolutePath().normalize(), Access.READ_ONLY);
    }

    public static Mount writable(Path p) {
        return new Mount(p.toAbsolutePath().normalize(), Access.WRITABLE);
    }

    public static Mount device(Path p) {
        return new Mount(p.toAbsolutePath().normalize(), Access.DEVICE);
    }
}
