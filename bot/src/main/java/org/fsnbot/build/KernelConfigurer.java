package org.fsnbot.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.Leftovers;
import org.fsnbot.exec.Sandbox;

/**
 * The object directory's .config: tinyconfig with the fsnotify fragment
 * merged by the kernel's merge_config.sh, then olddefconfig; in the
 * sandbox, since the kconfig files come with the candidate. The fragment
 * is fsnbot's file beside obj/, mounted read-only; the .config is read
 * back through the sandbox (Leftovers), never opened in obj/.
 */
final class KernelConfigurer {

    /** Where Kbuild keeps the configuration, in the object directory. */
    static final String CONFIG = ".config";
    /** A .config is a few hundred KiB; one past this is not a kernel's. */
    static final long MAX_CONFIG_BYTES = 4L << 20;

    private final Sandbox sandbox;
    private final Leftovers leftovers;

    KernelConfigurer(Sandbox sandbox) {
        this.sandbox = sandbox;
        this.leftovers = new Leftovers(sandbox);
    }

    /** The error lines of a configuration that failed, or none. */
    List<String> configure(BuildStep build, BuildDir dir, KernelConfig config) throws IOException {
        Path stamp = dir.configHash();
        if (Files.exists(stamp) && Files.readString(stamp).trim().equals(config.hash())
                && Files.isRegularFile(dir.config())) {
            return List.of();
        }
        Files.deleteIfExists(stamp);
        Files.writeString(dir.fragment(), config.fragment());
        Path obj = build.obj();
        Duration t = Duration.ofMinutes(5);
        String src = build.checkout().toString();
        for (List<String> step : List.of(
                List.of("make", "-C", src, "O=" + obj, "tinyconfig"),
                List.of(src + "/scripts/kconfig/merge_config.sh", "-m", "-O", obj.toString(),
                        obj.resolve(".config").toString(), dir.fragment().toString()),
                List.of("make", "-C", src, "O=" + obj, "olddefconfig"))) {
            CommandResult r = sandbox.run(build.of(step, t), line -> { });
            if (!r.ok()) {
                List<String> out = new ArrayList<>();
                out.add(String.join(" ", step) + " failed:");
                out.addAll(r.tail(BuildResult.MAX_ERROR_LINES - 1));
                return out;
            }
        }
        Leftovers.Copied c = leftovers.copy(obj, CONFIG, dir.config(), MAX_CONFIG_BYTES, Leftovers.End.HEAD);
        if (c.found() != Leftovers.Found.FILE || c.cut()) {
            Files.deleteIfExists(dir.config());
            return List.of("olddefconfig left no .config of a kernel's size (" + c.found().name().toLowerCase(
                    java.util.Locale.ROOT) + (c.cut() ? ", over " + (MAX_CONFIG_BYTES >> 20) + " MiB" : "") + ")");
        }
        List<String> missing = missingSettings(Files.readAllLines(dir.config()), config);
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
