package org.fsnbot.job;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.fsnbot.intake.PatchMail;

/**
 * A series as it was applied: one file per patch, each the message as it
 * arrived (git am took them in this order; git apply reads the diff in
 * it), and KCIDB's patchset hash over them, which tells a patched checkout
 * from its base on any dashboard.
 */
public record Patchset(List<Patch> patches) {

    /** The directory a job keeps its patches in, beside its other files. */
    public static final String DIR = "patches";

    /** One patch file: its name (0001.patch, in order) and its bytes. */
    public record Patch(String name, byte[] bytes) {
        public Patch {
            if (!name.matches("[0-9]{4}\\.patch")) {
                throw new IllegalArgumentException("a patch file is named NNNN.patch: " + name);
            }
            bytes = bytes.clone();
        }

        @Override
        public byte[] bytes() {
            return bytes.clone();
        }
    }

    public Patchset {
        patches = List.copyOf(patches);
    }

    /** No patches: a revision or the same kernel on both sides. */
    public static final Patchset NONE = new Patchset(List.of());

    /** The mails of a series, in the order they were applied. */
    public static Patchset of(List<PatchMail> applied) {
        List<Patch> out = new ArrayList<>();
        for (int i = 0; i < applied.size(); i++) {
            out.add(new Patch(String.format(Locale.ROOT, "%04d.patch", i + 1), applied.get(i).raw()));
        }
        return new Patchset(out);
    }

    /**
     * KCIDB's patchset_hash (schema v5): a SHA-256 over the newline-ended
     * SHA-256 hex of each patch file in order, as `sha256sum *.patch | cut
     * -c-64 | sha256sum` makes it; empty when nothing was applied.
     */
    public String hash() {
        if (patches.isEmpty()) {
            return "";
        }
        StringBuilder each = new StringBuilder();
        for (Patch p : patches) {
            each.append(sha256(p.bytes())).append('\n');
        }
        return sha256(each.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    }

    /** The patch files under dir/patches/ (nothing for none). */
    public void writeTo(Path dir) throws IOException {
        if (patches.isEmpty()) {
            return;
        }
        Path into = dir.resolve(DIR);
        Files.createDirectories(into);
        for (Patch p : patches) {
            Files.write(into.resolve(p.name()), p.bytes());
        }
    }

    private static String sha256(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
