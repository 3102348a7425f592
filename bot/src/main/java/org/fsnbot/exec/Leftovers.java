package org.fsnbot.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What a sandboxed step left in its directory, read back the one safe
 * way: by a reader that runs in the sandbox, as the sandbox's user, with
 * only that directory mounted (read-only), through a pipe, bounded. fsnbot
 * never opens a name in such a directory itself: the step could have
 * made it a symlink to any file of the host (which fsnbot, as root, would
 * then read or write), a FIFO that blocks forever, a hard link or a file
 * of any size. Inside the sandbox a symlink leads only to what the reader
 * may see anyway, and a FIFO or a device is refused before it is opened.
 */
public final class Leftovers {

    /** The first bytes of a file, or its last. */
    public enum End {
        HEAD,
        TAIL
    }

    /** What a copy found: a regular file, nothing by that name, or something else (link, FIFO, directory). */
    public enum Found {
        FILE,
        MISSING,
        NOT_A_FILE
    }

    /** The copy: what was found, the bytes copied, and whether the file had more than that. */
    public record Copied(Found found, long bytes, boolean cut) {
    }

    private static final Pattern RELATIVE = Pattern.compile("[A-Za-z0-9._+-]+(/[A-Za-z0-9._+-]+)*");
    private static final String READER = String.join("\n",
            "f=$1; n=$2; end=$3",
            "if [ -L \"$f\" ]; then echo 'fsnbot-read: not-a-file' >&2; exit 3; fi",
            "if [ ! -e \"$f\" ]; then echo 'fsnbot-read: missing' >&2; exit 4; fi",
            "if [ ! -f \"$f\" ]; then echo 'fsnbot-read: not-a-file' >&2; exit 3; fi",
            "echo \"fsnbot-read: size $(stat -c %s -- \"$f\")\" >&2",
            "if [ \"$end\" = tail ]; then exec tail -c \"$n\" -- \"$f\"; else exec head -c \"$n\" -- \"$f\"; fi");

    private final Sandbox sandbox;

    public Leftovers(Sandbox sandbox) {
        this.sandbox = sandbox;
    }

    /**
     * Copies dir/relative to target (which must not exist; its directory
     * is fsnbot's): at most maxBytes, the first or the last. dir itself
     * must be a directory fsnbot made (its path is trusted); every name
     * below it is resolved in the sandbox.
     */
    public Copied copy(Path dir, String relative, Path target, long maxBytes, End end) throws IOException {
        if (!RELATIVE.matcher(relative).matches() || List.of(relative.split("/")).contains("..")) {
            throw new IllegalArgumentException("not a plain relative name: " + relative);
        }
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            Files.delete(target);
        }
        Path d = dir.toAbsolutePath().normalize();
        SandboxStep step = new SandboxStep(List.of("sh", "-c", READER, "fsnbot-read", relative,
                Long.toString(maxBytes), end == End.TAIL ? "tail" : "head"), d, Map.of(), List.of(Mount.readOnly(d)),
                SandboxStep.Handles.UNTRUSTED_CODE, Limits.reader(), Duration.ofMinutes(2));
        CommandRunner.Copy c = sandbox.runToFile(step, target, maxBytes);
        String said = c.result().outputText();
        if (said.contains("fsnbot-read: missing")) {
            Files.deleteIfExists(target);
            return new Copied(Found.MISSING, 0, false);
        }
        if (said.contains("fsnbot-read: not-a-file")) {
            Files.deleteIfExists(target);
            return new Copied(Found.NOT_A_FILE, 0, false);
        }
        if (!c.result().ok() || c.cut()) {
            throw new IOException("reading back " + relative + " failed: " + String.join(" | ", c.result().tail(3)));
        }
        return new Copied(Found.FILE, c.bytes(), size(said) > c.bytes());
    }

    private static long size(String said) {
        int at = said.indexOf("fsnbot-read: size ");
        if (at < 0) {
            return -1;
        }
        String rest = said.substring(at + "fsnbot-read: size ".length()).split("\\s", 2)[0];
        try {
            return Long.parseLong(rest);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
