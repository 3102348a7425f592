package org.fsnbot.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.exec.Sandbox;
import org.fsnbot.exec.Space;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds kernels, one build directory per (base commit, config hash,
 * variant) (BuildDir: fsnbot's files beside Kbuild's obj/).
 *
 * A trusted base (a tree the operator configured or named) is built in a
 * persistent obj/ on disk, starting from the nearest trusted base already
 * built with the same config (BuildSeeds), so a later build of it costs
 * what changed. Every other build (a patch, a tree head, a base a mail
 * named) runs in a space of its own: a sized tmpfs mounted at its obj/,
 * filled with a copy of the trusted base's objects (or the nearest trusted
 * seed's) so make only recompiles what the candidate touched, and dropped
 * after the build: its bytes are bounded, and nothing it left is there for
 * fsnbot to trip over later. What fsnbot keeps of any build (the kernel,
 * its .config) is copied back through the sandbox (Leftovers); its log is
 * the build's output as fsnbot captured it, bounded.
 *
 * Every make runs in the sandbox: the source checkout read-only, its own
 * object directory the one writable place, ccache read-only unless the
 * build is of trusted code. Between builds a trusted obj/ is ours again
 * (Sandbox.takeBack), so the base a later job copies is the base that was
 * built.
 */
public final class KernelBuilder {

    private static final Logger log = LoggerFactory.getLogger(KernelBuilder.class);
    /** An untrusted build's space: a tinyconfig build's objects are ~200 MiB; ten times that is a patch's doing. */
    static final long SPACE_BYTES = 2L << 30;

    /**
     * Every name fsnbot reads in an object directory after untrusted code
     * ran there, each through the sandbox (Leftovers); nothing else in it
     * is opened, written, or mounted by name.
     */
    public static final List<String> READ_BACK = List.of(KernelConfigurer.CONFIG, KernelMake.IMAGE);

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
    private final KernelMake make;
    private final BuildSeeds seeds;

    public KernelBuilder(Path cacheRoot, CommandRunner runner, Sandbox sandbox) {
        this.cacheRoot = cacheRoot.toAbsolutePath().normalize();
        this.runner = runner;
        this.sandbox = sandbox;
        this.make = new KernelMake(sandbox);
        this.seeds = new BuildSeeds(builds(this.cacheRoot), runner);
    }

    /**
     * The whole commit id names the directory: a tree a mail names could
     * otherwise make a commit whose short id matches a trusted base.
     */
    public Path buildDir(String baseCommit, KernelConfig config, String variant) {
        return builds(cacheRoot).resolve(baseCommit + "-" + config.hash()).resolve(variant);
    }

    /** Where every build tree under cacheRoot is: COMMIT-CONFIG/VARIANT (disk.Retention sweeps it). */
    public static Path builds(Path cacheRoot) {
        return cacheRoot.resolve("build");
    }

    private BuildDir dir(String baseCommit, KernelConfig config, String variant) {
        return new BuildDir(buildDir(baseCommit, config, variant));
    }

    /** Builds (or reuses) the base kernel; checkout must be at baseCommit. */
    public BuildResult buildBase(Path checkout, String baseCommit, KernelConfig config, Code code)
            throws IOException {
        BuildDir d = dir(baseCommit, config, "base");
        Target t = new Target("base", baseCommit, d, code);
        if (code == Code.UNTRUSTED) {
            return inSpace(t, checkout, config, Optional.empty());
        }
        if (Files.exists(d.obj(), LinkOption.NOFOLLOW_LINKS) && d.builtCommit().isEmpty()) {
            // An interrupted or failed build: objects planted from a seed may
            // still await their rebuild, and make takes them for current once
            // the checkout's files have Checkouts.SOURCE_TIME again.
            log.info("base kernel {}: dropping the objects of an unfinished build", baseCommit.substring(0, 12));
            runner.check(List.of("rm", "-rf", "--one-file-system", d.obj().toString()), null, Duration.ofMinutes(10));
        }
        if (!Files.exists(d.obj(), LinkOption.NOFOLLOW_LINKS) && reuse(t).isEmpty()) {
            Optional<BuildSeeds.Seed> seed = seeds.nearest(checkout, baseCommit, config.hash(), d);
            Files.createDirectories(d.dir());
            if (seed.isPresent()) {
                log.info("base kernel {}: starting from the objects of {} ({} files differ)",
                        baseCommit.substring(0, 12), seed.get().commit().substring(0, 12), seed.get().changed().size());
                Path partial = d.dir().resolve("obj.partial");
                runner.run(List.of("rm", "-rf", partial.toString()), null, Duration.ofMinutes(5));
                Files.createDirectory(partial);
                seeds.plant(seed.get(), checkout, partial, d);
                Files.move(partial, d.obj());
            }
        }
        return onDisk(t, checkout, config);
    }

    /** Builds the patched kernel, in a space, from a copy of the base's objects when the base is trusted. */
    public BuildResult buildPatched(Path checkout, String baseCommit, String patchedCommit, KernelConfig config)
            throws IOException {
        BuildDir base = dir(baseCommit, config, "base");
        if (base.builtCommit().isEmpty()) {
            throw new IOException("patched build before the base build: " + base.dir());
        }
        Target t = new Target("patched", patchedCommit, dir(baseCommit, config, "patched-" + patchedCommit),
                Code.UNTRUSTED);
        if (!base.seeds()) {
            return inSpace(t, checkout, config, Optional.empty());
        }
        adopt(base, checkout);
        return inSpace(t, checkout, config, Optional.of(base));
    }

    private static void adopt(BuildDir d, Path checkout) throws IOException {
        if (BuildSeeds.adopt(d, checkout)) {
            log.info("objects in {} were built from another checkout: their saved commands now name {}", d.obj(),
                    checkout);
        }
    }

    /** What one build makes: its label, the commit, its directory and whether its code is trusted. */
    private record Target(String label, String commit, BuildDir dir, Code code) {
    }

    /**
     * Returns the checkout to base after a patched build and backdates the
     * files the patch touched, so the base object directory and the next
     * copy of it do not see them as changed.
     */
    public void restoreBase(Path checkout, String baseCommit, String patchedCommit) throws IOException {
        CommandResult names = runner.check(CheckoutGuard.git("diff", "--name-only", baseCommit, patchedCommit),
                checkout, Duration.ofMinutes(2));
        runner.check(CheckoutGuard.git("checkout", "-q", "--detach", "-f", baseCommit), checkout,
                Duration.ofMinutes(10));
        FileTime old = Files.getLastModifiedTime(checkout.resolve("Makefile"));
        for (String name : names.output()) {
            Path f = checkout.resolve(name.trim());
            if (!name.isBlank() && Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
                Files.setLastModifiedTime(f, old);
            }
        }
    }

    private Optional<BuildResult> reuse(Target t) throws IOException {
        BuildDir d = t.dir();
        if (d.builtCommit().filter(t.commit()::equals).isPresent() && Files.isRegularFile(d.image())) {
            d.used();
            log.info("{} kernel {}: reusing {}", t.label(), t.commit().substring(0, 12), d.image());
            return Optional.of(BuildResult.built(t.label(), t.commit(), d.image(), BuildResult.Cost.REUSED, d.log()));
        }
        return Optional.empty();
    }

    /** A trusted base in its persistent obj/, handed to the sandbox user for the build and taken back. */
    private BuildResult onDisk(Target t, Path checkout, KernelConfig config) throws IOException {
        Optional<BuildResult> reused = reuse(t);
        if (reused.isPresent()) {
            return reused.get();
        }
        BuildDir d = t.dir();
        if (d.seeds()) {
            adopt(d, checkout);
        }
        unfinish(d);
        Files.createDirectories(d.obj());
        Optional<Path> ccache = ccache();
        BuildStep step = new BuildStep(checkout, d.obj(), d.fragment(), t.code(), ccache);
        List<Path> given = new ArrayList<>(List.of(d.obj()));
        ccache.ifPresent(given::add);
        for (Path p : given) {
            sandbox.handOver(p);
        }
        try {
            return make.build(t.label(), t.commit(), t.dir(), t.code(), step, config);
        } finally {
            for (Path p : given) {
                sandbox.takeBack(p);
            }
        }
    }

    /**
     * Any other build, in a space mounted at its obj/ for the build alone,
     * starting from a trusted build's objects: from (the base's), else the
     * nearest trusted seed, else nothing (a cold build).
     */
    private BuildResult inSpace(Target t, Path checkout, KernelConfig config, Optional<BuildDir> from)
            throws IOException {
        Optional<BuildResult> reused = reuse(t);
        if (reused.isPresent()) {
            return reused.get();
        }
        BuildDir d = t.dir();
        unfinish(d);
        Files.createDirectories(d.dir());
        // A fresh space holds no .config yet, whatever an earlier build here said.
        Files.deleteIfExists(d.configHash());
        Files.deleteIfExists(d.config());
        try (Space space = sandbox.space(d.obj(), SPACE_BYTES)) {
            if (from.isPresent()) {
                from.get().used();
                // cp -a keeps the objects' mtimes, which is what makes the rebuild incremental.
                runner.check(List.of("cp", "-a", from.get().obj() + "/.", space.dir().toString()), null,
                        Duration.ofMinutes(10));
                BuildSeeds.retargetTools(space.dir(), from.get().obj(), d.obj());
                for (Path f : List.of(from.get().configHash(), from.get().config(), from.get().objects())) {
                    if (Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
                        Files.copy(f, d.dir().resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
            Optional<BuildSeeds.Seed> seed = from.isPresent() ? Optional.empty()
                    : seeds.nearest(checkout, t.commit(), config.hash(), d);
            if (seed.isPresent()) {
                seeds.plant(seed.get(), checkout, space.dir(), d);
            }
            sandbox.handOver(space.dir());
            BuildResult r = make.build(t.label(), t.commit(), d, t.code(), new BuildStep(checkout, space.dir(),
                    d.fragment(), t.code(), ccache()), config);
            if (from.isPresent()) {
                warnIfNotIncremental(t, from.get(), r);
            }
            return r;
        }
    }

    /**
     * A build from a copy of a base's objects recompiles what the candidate
     * touched; one that recompiles most of them found the objects older
     * than their sources, which is the cache failing, not the patch.
     */
    private static void warnIfNotIncremental(Target t, BuildDir from, BuildResult r) {
        int compiled = r.cost().objectsCompiled();
        int of = from.objectCount();
        if (of > 0 && compiled > Math.max(100, of / 2)) {
            log.warn("{} kernel {}: recompiled {} of the {} objects copied from {}: they were older than their sources"
                    + " (a checkout made again after they were built?)", t.label(), t.commit().substring(0, 12),
                    compiled, of, from.dir());
        }
    }

    /** Drops what says a build in d finished, before building there again. */
    private static void unfinish(BuildDir d) throws IOException {
        for (Path p : List.of(d.built(), d.image(), d.trusted())) {
            Files.deleteIfExists(p);
        }
    }

    private Optional<Path> ccache() throws IOException {
        if (!ccacheAvailable()) {
            return Optional.empty();
        }
        return Optional.of(Files.createDirectories(cacheRoot.resolve("ccache")));
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
