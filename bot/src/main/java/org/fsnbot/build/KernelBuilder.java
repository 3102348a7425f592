package org.fsnbot.build;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.CommandRunner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds kernels in persistent O= object directories, one per (base
 * commit, config hash). The base is built once; a patched kernel starts
 * from a copy of the base's object directory so make only recompiles what
 * the patch touched.
 */
public final class KernelBuilder {

    private static final Logger log = LoggerFactory.getLogger(KernelBuilder.class);
    // Kernel objects only: host tools (objtool) print absolute paths and are
    // rebuilt in every copied object directory because their dependency
    // files name the original one.
    private static final Pattern COMPILE = Pattern.compile("^\\s+CC\\s+[^/\\s]\\S*");
    private static final Pattern ERROR = Pattern.compile(
            "(error:|Error \\d+|undefined reference|fatal error|\\*\\*\\* )");
    private static final String MARKER = "fsnbot-build.ok";

    private final Path cacheRoot;
    private final CommandRunner runner;
    private final int jobs;

    public KernelBuilder(Path cacheRoot, CommandRunner runner) {
        this.cacheRoot = cacheRoot;
        this.runner = runner;
        this.jobs = Runtime.getRuntime().availableProcessors();
    }

    public Path objectDir(String baseCommit, KernelConfig config, String variant) {
        return cacheRoot.resolve("build").resolve(baseCommit.substring(0, 12) + "-" + config.hash()).resolve(variant);
    }

    /** Builds (or reuses) the base kernel; checkout must be at baseCommit. */
    public BuildResult buildBase(Path checkout, String baseCommit, KernelConfig config) throws IOException {
        Path obj = objectDir(baseCommit, config, "base");
        return build("base", baseCommit, checkout, obj, config);
    }

    /** Builds the patched kernel from a copy of the base object directory. */
    public BuildResult buildPatched(Path checkout, String baseCommit, String patchedCommit, KernelConfig config)
            throws IOException {
        Path base = objectDir(baseCommit, config, "base");
        Path obj = objectDir(baseCommit, config, "patched-" + patchedCommit.substring(0, 12));
        if (!Files.exists(obj.resolve(MARKER))) {
            if (!Files.exists(base.resolve(MARKER))) {
                throw new IOException("patched build before the base build: " + base);
            }
            Path partial = obj.resolveSibling(obj.getFileName() + ".partial");
            runner.run(List.of("rm", "-rf", partial.toString(), obj.toString()), null, Duration.ofMinutes(5));
            // cp -a keeps the objects' mtimes, which is what makes the rebuild incremental.
            runner.check(List.of("cp", "-a", base.toString(), partial.toString()), null, Duration.ofMinutes(10));
            Files.deleteIfExists(partial.resolve(MARKER));
            Files.move(partial, obj);
        }
        return build("patched", patchedCommit, checkout, obj, config);
    }

    /**
     * Returns the checkout to base after a patched build and backdates the
     * files the patch touched, so the base object directory and the next
     * copy of it do not see them as changed.
     */
    public void restoreBase(Path checkout, String baseCommit, String patchedCommit) throws IOException {
        CommandResult names = runner.check(List.of("git", "diff", "--name-only", baseCommit, patchedCommit),
                checkout, Duration.ofMinutes(2));
        runner.check(List.of("git", "checkout", "-q", "--detach", "-f", baseCommit), checkout, Duration.ofMinutes(10));
        FileTime old = Files.getLastModifiedTime(checkout.resolve("Makefile"));
        for (String name : names.output()) {
            Path f = checkout.resolve(name.trim());
            if (!name.isBlank() && Files.isRegularFile(f)) {
                Files.setLastModifiedTime(f, old);
            }
        }
    }

    private BuildResult build(String label, String commit, Path checkout, Path obj, KernelConfig config)
            throws IOException {
        Path image = obj.resolve("arch/x86/boot/bzImage");
        Path logFile = obj.resolve("fsnbot-build.log");
        if (Files.exists(obj.resolve(MARKER)) && Files.exists(image)
                && Files.readString(obj.resolve(MARKER)).trim().equals(commit)) {
            log.info("{} kernel {}: reusing {}", label, commit.substring(0, 12), image);
            return BuildResult.built(label, commit, image, BuildResult.Cost.REUSED, logFile);
        }
        Files.createDirectories(obj);
        long start = System.nanoTime();
        List<String> configErrors = configure(checkout, obj, config);
        if (!configErrors.isEmpty()) {
            Files.write(logFile, configErrors, StandardCharsets.UTF_8);
            return failed(label, commit, start, 0, configErrors, logFile);
        }
        Map<String, String> env = new HashMap<>();
        List<String> make = new ArrayList<>(List.of("make", "-j" + jobs, "O=" + obj, "bzImage"));
        if (ccacheAvailable()) {
            make.add("CC=ccache gcc");
            env.put("CCACHE_BASEDIR", cacheRoot.toAbsolutePath().toString());
            env.put("CCACHE_NOHASHDIR", "1");
        }
        int[] compiled = {0};
        int expected = previousCount(obj);
        log.info("building {} kernel {} in {}", label, commit.substring(0, 12), obj);
        CommandResult r = runner.run(make, checkout, env, Duration.ofMinutes(60), line -> {
            if (COMPILE.matcher(line).find()) {
                compiled[0]++;
                if (compiled[0] % 200 == 0) {
                    log.info("{}: {} objects{}", label, compiled[0], expected > 0 ? " of about " + expected : "");
                }
            }
        });
        Files.write(logFile, r.output(), StandardCharsets.UTF_8);
        double secs = (System.nanoTime() - start) / 1e9;
        log.info("{}: make {} after {} s, {} kernel objects compiled", label, r.ok() ? "done" : "FAILED",
                String.format(java.util.Locale.ROOT, "%.1f", secs), compiled[0]);
        if (!r.ok() || !Files.exists(image)) {
            List<String> errors = errorLines(r.output());
            if (r.timedOut()) {
                errors = List.of("make timed out after " + Duration.ofMinutes(60));
            }
            return failed(label, commit, start, compiled[0], errors, logFile);
        }
        Files.writeString(obj.resolve("fsnbot-objects"), Integer.toString(Math.max(compiled[0], expected)));
        Files.writeString(obj.resolve(MARKER), commit + "\n");
        return BuildResult.built(label, commit, image, new BuildResult.Cost(secs, compiled[0], false), logFile);
    }

    private static BuildResult failed(String label, String commit, long start, int compiled, List<String> errors,
            Path logFile) {
        return BuildResult.failed(label, commit, new BuildResult.Cost((System.nanoTime() - start) / 1e9, compiled,
                false), errors, logFile);
    }

    private List<String> configure(Path checkout, Path obj, KernelConfig config) throws IOException {
        Path stamp = obj.resolve("fsnbot-config.hash");
        if (Files.exists(stamp) && Files.readString(stamp).trim().equals(config.hash())
                && Files.exists(obj.resolve(".config"))) {
            return List.of();
        }
        Path fragment = obj.resolve("fsnbot.config");
        Files.writeString(fragment, config.fragment());
        Duration t = Duration.ofMinutes(5);
        for (List<String> step : List.of(
                List.of("make", "O=" + obj, "tinyconfig"),
                List.of("scripts/kconfig/merge_config.sh", "-m", "-O", obj.toString(), obj.resolve(".config").toString(),
                        fragment.toString()),
                List.of("make", "O=" + obj, "olddefconfig"))) {
            CommandResult r = runner.run(step, checkout, t);
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

    static List<String> errorLines(List<String> output) {
        List<String> errors = new ArrayList<>();
        for (String line : output) {
            if (ERROR.matcher(line).find() && errors.size() < BuildResult.MAX_ERROR_LINES) {
                errors.add(line);
            }
        }
        if (errors.isEmpty()) {
            int from = Math.max(0, output.size() - 20);
            errors.addAll(output.subList(from, output.size()));
        }
        return errors;
    }

    private int previousCount(Path obj) {
        try {
            return Integer.parseInt(Files.readString(obj.resolve("fsnbot-objects")).trim());
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }

    private static boolean ccacheAvailable() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
            if (Files.isExecutable(Path.of(dir, "ccache"))) {
                return true;
            }
        }
        return false;
    }
}
