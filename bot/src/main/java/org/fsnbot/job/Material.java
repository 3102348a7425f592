package org.fsnbot.job;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.fsnbot.build.BuildResult;
import org.fsnbot.plan.Profile;

/**
 * What a maintainer needs to rerun a job's boots without fsnbot (issue 27,
 * LKP's download layout the model): beside the files a job keeps anyway
 * (config, initramfs, block image, console and results logs, each boot's
 * QEMU command line, result.json, the patches) the two kernel images as
 * they booted, the profile as run, reproduce.sh (the same script as
 * scripts/reproduce-job.sh), and SHA256SUMS over all of it, so a copy
 * fetched from publicUrl can be checked before it runs.
 */
public final class Material {

    public static final String SUMS = "SHA256SUMS";
    public static final String SCRIPT = "reproduce.sh";
    public static final String PROFILE = "profile.json";

    /** What the script writes when it runs in the job's own directory: not part of the material. */
    static final String REPRODUCED = "reproduced";

    private Material() {
    }

    /** Kernels, profile and script into dir, then the sums of every file there. */
    public static void write(Path dir, Profile profile, Optional<Built> built) throws IOException {
        Files.createDirectories(dir);
        if (built.isPresent()) {
            kernel(built.get().base(), dir.resolve("base.bzImage"));
            kernel(built.get().patched(), dir.resolve("patched.bzImage"));
        }
        Files.writeString(dir.resolve(PROFILE), profile.toJson() + "\n");
        try (InputStream in = Material.class.getResourceAsStream("/fsnbot/reproduce-job.sh")) {
            if (in == null) {
                throw new IOException("reproduce-job.sh is not bundled with fsnbot");
            }
            Files.copy(in, dir.resolve(SCRIPT), StandardCopyOption.REPLACE_EXISTING);
        }
        dir.resolve(SCRIPT).toFile().setExecutable(true, false);
        sums(dir);
    }

    private static void kernel(BuildResult b, Path to) throws IOException {
        if (b.bzImage().isPresent() && Files.isRegularFile(b.bzImage().get())) {
            Files.copy(b.bzImage().get(), to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** SHA256SUMS in sha256sum's own format (sha256sum -c reads it), paths relative to dir. */
    static void sums(Path dir) throws IOException {
        List<String> lines = new ArrayList<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path f : all.filter(Files::isRegularFile).sorted().toList()) {
                Path rel = dir.relativize(f);
                if (!material(rel)) {
                    continue;
                }
                lines.add(sha256(f) + "  " + rel);
            }
        }
        Files.write(dir.resolve(SUMS), lines);
    }

    /** Not the sums themselves, what the script reproduced here, or what is left of a boot's space. */
    private static boolean material(Path rel) {
        if (rel.toString().equals(SUMS) || rel.getName(0).toString().equals(REPRODUCED)) {
            return false;
        }
        for (Path name : rel) {
            if (name.toString().matches(".*\\.run")) {
                return false;
            }
        }
        return true;
    }

    private static String sha256(Path f) throws IOException {
        try (DigestInputStream in = new DigestInputStream(Files.newInputStream(f),
                MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(in.getMessageDigest().digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
