package org.fsnbot.build;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;

/**
 * The .config a kernel was built with, as a report names it: its SHA-256
 * (so two reports can be seen to share one) and the compiler it records
 * (CONFIG_CC_VERSION_TEXT is what Kbuild found, which may differ from the
 * gcc on PATH when ccache or a container is in between).
 */
public record BuiltConfig(Path file, String sha256, String compiler) {

    public BuiltConfig {
        Objects.requireNonNull(file);
        Objects.requireNonNull(compiler);
        if (sha256 == null || !sha256.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("not a SHA-256: " + sha256);
        }
    }

    /** The .config beside a successful build's log (copied back from its obj/); empty when it left none. */
    public static Optional<BuiltConfig> of(BuildResult build) throws IOException {
        Path file = build.log().resolveSibling("config");
        if (!build.ok() || !Files.isRegularFile(file)) {
            return Optional.empty();
        }
        byte[] bytes = Files.readAllBytes(file);
        String compiler = "unknown compiler";
        for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
            if (line.startsWith("CONFIG_CC_VERSION_TEXT=")) {
                compiler = line.substring(line.indexOf('=') + 1).replace("\"", "").trim();
            }
        }
        try {
            return Optional.of(new BuiltConfig(file, HexFormat.of().formatHex(
                    MessageDigest.getInstance("SHA-256").digest(bytes)), compiler));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
