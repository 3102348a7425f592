package org.fsnbot.image;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.archivers.cpio.CpioArchiveEntry;
import org.apache.commons.compress.archivers.cpio.CpioArchiveOutputStream;
import org.apache.commons.compress.archivers.cpio.CpioConstants;

/**
 * Writes the guest initramfs (newc cpio, gzip): busybox-static, our init,
 * the workload binaries and the job's workload list.
 */
public final class InitramfsBuilder {

    public static final Path DEFAULT_BUSYBOX = Path.of("/bin/busybox");

    private final Path busybox;

    public InitramfsBuilder(Path busybox) {
        this.busybox = busybox;
    }

    /**
     * Builds an image that runs the given workload command lines in order, or
     * the instruction clock's lines when the kernel's command line says that
     * clock (the clock is decided after the image is made).
     */
    public Path build(Path workloadBin, List<String> commandLines, List<String> instructionLines, Path out)
            throws IOException {
        if (instructionLines.size() != commandLines.size()) {
            throw new IllegalArgumentException("one instruction-clock line per workload line");
        }
        return write(out, initScript(), workloadBin, String.join("\n", commandLines) + "\n",
                String.join("\n", instructionLines) + "\n");
    }

    /** An image whose init only says it booted: used to probe an accelerator. */
    public Path buildProbe(Path out) throws IOException {
        String init = "#!/bin/busybox sh\n/bin/busybox echo FSNBOT-PROBE-OK\n/bin/busybox poweroff -f\n";
        return write(out, init, null, "", "");
    }

    private Path write(Path out, String init, Path workloadBin, String job, String instructionJob)
            throws IOException {
        if (!Files.isExecutable(busybox)) {
            throw new IOException(busybox + " missing: apt-get install busybox-static");
        }
        Files.createDirectories(out.getParent());
        // A name of its own, moved into place whole: two fsnbot processes on one
        // home write the accelerator probe's image (home/probe) at once.
        Path tmp = Files.createTempFile(out.getParent(), out.getFileName() + ".", ".tmp",
                java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                        java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--")));
        try {
            try (OutputStream fos = Files.newOutputStream(tmp);
                    GZIPOutputStream gz = new GZIPOutputStream(fos);
                    CpioArchiveOutputStream cpio = new CpioArchiveOutputStream(gz, CpioConstants.FORMAT_NEW)) {
                for (String d : List.of("bin", "dev", "proc", "sys", "tmp", "run", "job", "workloads")) {
                    dir(cpio, d);
                }
                file(cpio, "init", init.getBytes(StandardCharsets.UTF_8), 0755);
                file(cpio, "bin/busybox", Files.readAllBytes(busybox), 0755);
                file(cpio, "job/workloads", job.getBytes(StandardCharsets.UTF_8), 0644);
                file(cpio, "job/workloads.instructions", instructionJob.getBytes(StandardCharsets.UTF_8), 0644);
                if (workloadBin != null) {
                    try (Stream<Path> s = Files.list(workloadBin)) {
                        for (Path f : s.sorted().toList()) {
                            file(cpio, "workloads/" + f.getFileName(), Files.readAllBytes(f), 0755);
                        }
                    }
                }
                cpio.finish();
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        Files.move(tmp, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        return out;
    }

    static String initScript() throws IOException {
        try (InputStream in = InitramfsBuilder.class.getResourceAsStream("/fsnbot/qemu-images/init")) {
            if (in == null) {
                throw new IOException("init script missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static void dir(CpioArchiveOutputStream cpio, String name) throws IOException {
        CpioArchiveEntry e = new CpioArchiveEntry(CpioConstants.FORMAT_NEW, name);
        e.setMode(CpioConstants.C_ISDIR | 0755);
        e.setNumberOfLinks(2);
        cpio.putArchiveEntry(e);
        cpio.closeArchiveEntry();
    }

    private static void file(CpioArchiveOutputStream cpio, String name, byte[] data, int mode) throws IOException {
        CpioArchiveEntry e = new CpioArchiveEntry(CpioConstants.FORMAT_NEW, name);
        e.setMode(CpioConstants.C_ISREG | mode);
        e.setSize(data.length);
        e.setNumberOfLinks(1);
        cpio.putArchiveEntry(e);
        cpio.write(data);
        cpio.closeArchiveEntry();
    }
}
