package org.fsnbot.build;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.exec.Sandbox;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds kernels in persistent O= object directories, one per (base
 * commit, config hash). The base is built once, starting from the nearest
 * trusted base already built with the same config (BuildSeeds); a patched
 * kernel starts from a copy of the base's object directory so make only
 * recompiles what the patch touched.
 *
 * Every make runs in the sandbox: the source checkout read-only, its own
 * object directory the one writable place, ccache read-only unless the
 * build is of trusted code (a base from an operator's tree). Between
 * builds object directories are ours again (Sandbox.takeBack), so the
 * base a later job copies is the base that was built.
 */
public final class KernelBuilder {

    private static final Logger log = LoggerFactory.getLogger(KernelBuilder.class);
    // Kernel objects only: host tools (objtool) print absolute paths and are
    // rebuilt in every copied object directory because their dependency
    // files name the original one.
    private static final Pattern COMPILE = Pattern.compile("^\\s+CC\\s+[^/\\s]\\S*");
    // Cannot fork / Resource temporarily unavailable: the build hit the
    // sandbox's process limit, which the reply should say in its words.
    private static final Pattern ERROR = Pattern.compile(
            "(error:|Error \\d+|undefined reference|fatal error|\\*\\*\\* |Cannot fork|Resource temporarily unavailable)");
    private static final String MARKER = "fsnbot-build.ok";

    /** Whether a build's code may add to the shared ccache. */
    public enum Code {
        /** A base from a tree the operator configured or named: its objects may be cached for others. */
        TRUSTED,
        /** A patch from a mail, a tree a mail named: it reads the cache and never writes it. */
        UNTRUSTED
    }

    private final Path cacheRoot;
    private final CommandRunner runner;
    private final Sandbox sandbox;
    private final KernelConfigurer configurer;
    private final BuildSeeds seeds;
    private final int jobs;

    public KernelBuilder(Path cacheRoot, CommandRunner runner, Sandbox sandbox) {
        this.cacheRoot = cacheRoot.toAbsolutePath().normalize();
        this.runner = runner;
        this.sandbox = sandbox;
        this.configurer = new KernelConfigurer(sandbox);
        this.seeds = new BuildSeeds(this.cacheRoot.resolve("build"), runner, MARKER);
        this.jobs = Runtime.getRuntime().availableProcessors();
    }

    /**
     * The whole commit id names the directory: a tree a mail names could
     * otherwise make a commit whose short id matches a trusted base.
     */
    public Path objectDir(String baseCommit, KernelConfig config, String variant) {
        return cacheRoot.resolve("build").resolve(baseCommit + "-" + config.hash()).resolve(variant);
    }

    private Path ccacheDir() {
        return cacheRoot.resolve("ccache");
    }

    /** Builds (or reuses) the base kernel; checkout must be at baseCommit. */
    public BuildResult buildBase(Path checkout, String baseCommit, KernelConfig config, Code code)
            throws IOException {
        Path obj = objectDir(baseCommit, config, "base");
        if (!Files.exists(obj)) {
            Optional<BuildSeeds.Seed> seed = seeds.nearest(checkout, baseCommit, config.hash(), obj);
            if (seed.isPresent()) {
                log.info("base kernel {}: starting from the objects of {} ({} files differ)",
                        baseCommit.substring(0, 12), seed.get().commit().substring(0, 12), seed.get().changed().size());
                seeds.plant(seed.get(), checkout, obj);
            }
        }
        return build(new Target("base", baseCommit, obj, code), checkout, config);
    }

    /** Builds the patched kernel from a copy of the base object directory. */
    public BuildResult buildPatched(Path checkout, String baseCommit, String patchedCommit, KernelConfig config)
            throws IOException {
        Path base = objectDir(baseCommit, config, "base");
        Path obj = objectDir(baseCommit, config, "patched-" + patchedCommit);
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
        return build(new Target("patched", patchedCommit, obj, Code.UNTRUSTED), checkout, config);
    }

    /** What one build makes: its label, the commit, its object directory and whether its code is trusted. */
    private record Target(String label, String commit, Path obj, Code code) {
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

    private BuildResult build(Target t, Path checkout, KernelConfig config) throws IOException {
        String label = t.label();
        String commit = t.commit();
        Path obj = t.obj();
        Path image = obj.resolve("arch/x86/boot/bzImage");
        Path logFile = obj.resolve("fsnbot-build.log");
        if (Files.exists(obj.resolve(MARKER)) && Files.exists(image)
                && Files.readString(obj.resolve(MARKER)).trim().equals(commit)) {
            log.info("{} kernel {}: reusing {}", label, commit.substring(0, 12), image);
            return BuildResult.built(label, commit, image, BuildResult.Cost.REUSED, logFile);
        }
        Files.createDirectories(obj);
        Optional<Path> ccache = ccacheAvailable() ? Optional.of(ccacheDir()) : Optional.empty();
        if (ccache.isPresent()) {
            Files.createDirectories(ccache.get());
        }
        long start = System.nanoTime();
        int expected = previousCount(obj);
        List<String> configErrors;
        int[] compiled = {0};
        CommandResult r;
        BuildStep step = new BuildStep(checkout, obj, t.code(), ccache);
        step.handOver(sandbox);
        try {
            configErrors = configurer.configure(step, config);
            if (!configErrors.isEmpty()) {
                Files.write(logFile, configErrors, StandardCharsets.UTF_8);
                return failed(label, commit, start, 0, configErrors, logFile);
            }
            List<String> make = new ArrayList<>(List.of("make", "-C", checkout.toString(), "-j" + jobs, "O=" + obj,
                    "bzImage"));
            if (ccache.isPresent()) {
                make.add("CC=ccache gcc");
            }
            log.info("building {} kernel {} in {}", label, commit.substring(0, 12), obj);
            r = sandbox.run(step.of(make, Duration.ofMinutes(60)), line -> {
                if (COMPILE.matcher(line).find()) {
                    compiled[0]++;
                    if (compiled[0] % 200 == 0) {
                        log.info("{}: {} objects{}", label, compiled[0], expected > 0 ? " of about " + expected : "");
                    }
                }
            });
        } finally {
            step.takeBack(sandbox);
        }
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
        if (t.code() == Code.TRUSTED) {
            Files.writeString(obj.resolve(BuildSeeds.TRUSTED), "");
        } else {
            Files.deleteIfExists(obj.resolve(BuildSeeds.TRUSTED));
        }
        Files.writeString(obj.resolve(MARKER), commit + "\n");
        return BuildResult.built(label, commit, image, new BuildResult.Cost(secs, compiled[0], false), logFile);
    }

    private static BuildResult failed(String label, String commit, long start, int compiled, List<String> errors,
            Path logFile) {
        return BuildResult.failed(label, commit, new BuildResult.Cost((System.nanoTime() - start) / 1e9, compiled,
                false), errors, logFile);
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
