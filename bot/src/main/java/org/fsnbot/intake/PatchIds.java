package org.fsnbot.intake;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.exec.CommandResult;

/**
 * Stable patch-ids (`git patch-id --stable`, the ids prerequisite-patch-id
 * lines name) of many mails in one git process. Git's definition (diff
 * text with whitespace and line numbers dropped, per-file hashes summed)
 * is easy to get subtly wrong, so git computes it.
 */
public final class PatchIds {

    private final CommandRunner runner;
    private final Path scratch;

    public PatchIds(CommandRunner runner, Path scratch) {
        this.runner = runner;
        this.scratch = scratch;
    }

    /** Message-ID to patch-id for every mail that carries a diff. */
    public Map<String, String> of(List<PatchMail> mails) throws IOException {
        StringBuilder in = new StringBuilder();
        Map<String, String> byFakeCommit = new HashMap<>();
        int i = 0;
        for (PatchMail m : mails) {
            if (!m.hasDiff()) {
                continue;
            }
            // git patch-id keys each diff by the "commit <id>" line before it.
            String key = String.format("%040x", ++i);
            byFakeCommit.put(key, m.messageId());
            in.append("commit ").append(key).append('\n')
                    .append(new String(m.raw(), StandardCharsets.ISO_8859_1)).append('\n');
        }
        Map<String, String> out = new HashMap<>();
        if (byFakeCommit.isEmpty()) {
            return out;
        }
        Files.createDirectories(scratch);
        Path input = Files.createTempFile(scratch, "patch-id", ".txt");
        try {
            Files.writeString(input, in, StandardCharsets.ISO_8859_1);
            CommandResult r = runner.check(List.of("sh", "-c", "git patch-id --stable < \"$0\"", input.toString()),
                    scratch, Duration.ofMinutes(2));
            for (String line : r.output()) {
                String[] f = line.trim().split("\\s+");
                if (f.length == 2 && byFakeCommit.containsKey(f[1])) {
                    out.put(byFakeCommit.get(f[1]), f[0]);
                }
            }
        } finally {
            Files.deleteIfExists(input);
        }
        return out;
    }
}
