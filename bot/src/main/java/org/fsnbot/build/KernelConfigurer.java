package org.fsnbot.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.Sandbox;

/**
 * The object directory's .config: tinyconfig with the fsnotify fragment
 * merged by the kernel's merge_config.sh, then olddefconfig; in the
 * sandbox, since the kconfig files come with the candidate.
 */
final class KernelConfigurer {

    private final Sandbox sandbox;

    KernelConfigurer(Sandbox sandbox) {
        this.sandbox = sandbox;
    }

    /** The error lines of a configuration that failed, or none. */
    List<String> configure(BuildStep build, KernelConfig config) throws IOException {
        Path obj = build.obj();
        Path stamp = obj.resolve("fsnbot-config.hash");
        if (Files.exists(stamp) && Files.readString(stamp).trim().equals(config.hash())
                && Files.exists(obj.resolve(".config"))) {
            return List.of();
        }
        Path fragment = obj.resolve("fsnbot.config");
        Files.writeString(fragment, config.fragment());
        Duration t = Duration.ofMinutes(5);
        String src = build.checkout().toString();
        for (List<String> step : List.of(
                List.of("make", "-C", src, "O=" + obj, "tinyconfig"),
                List.of(src + "/scripts/kconfig/merge_config.sh", "-m", "-O", obj.toString(),
                        obj.resolve(".config").toString(), fragment.toString()),
                List.of("make", "-C", src, "O=" + obj, "olddefconfig"))) {
            CommandResult r = sandbox.run(build.of(step, t), line -> { });
            if (!r.ok()) {
                List<String> out = new ArrayList<>();
                out.add(String.join(" ", step) + " failed:");
                out.addAll(r.tail(BuildResult.MAX_ERROR_LINES - 1));
                return out;
            }
        }
        List<String> missing = missingSettings(Files.readAllLines(obj.resolve(".config")), config);
        if (!missing.isEmpty()) {
            List<String> out = new ArrayList<>();
            out.add("the kconfig fragment did not survive olddefconfig (unmet dependencies):");
            out.addAll(missing.subList(0, Math.min(missing.size(), BuildResult.MAX_ERROR_LINES - 1)));
            return out;
        }
        Files.writeString(stamp, config.hash() + "\n");
        return List.of();
    }

    static List<String> missingSettings(List<String> dotConfig, KernelConfig config) {
        List<String> missing = new ArrayList<>();
        config.settings().forEach((k, v) -> {
            if (v.equals("n")) {
                if (dotConfig.contains(k + "=y")) {
                    missing.add(k + "=n wanted, got y");
                }
            } else if (!dotConfig.contains(k + "=" + v)) {
                missing.add(k + "=" + v);
            }
        });
        return missing;
    }
}
