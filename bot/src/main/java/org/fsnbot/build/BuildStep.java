package org.fsnbot.build;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.fsnbot.exec.Limits;
import org.fsnbot.exec.Mount;
import org.fsnbot.exec.SandboxStep;

/**
 * What one kernel build's commands see in the sandbox: the checkout to
 * read, the object directory to write, the kconfig fragment to read,
 * ccache (written only by trusted code), and the environment Kbuild and
 * ccache need, nothing more.
 *
 * ccache serves every build, a cold one too, in its depend mode: the
 * dependencies come from the compiler's own -MMD output, so a miss costs
 * no second preprocessor run (a cold build here: 254 s through ccache,
 * 250-252 s without), and a tree seen before costs seconds even after its
 * objects are gone (29 s, every object from the cache). Only trusted
 * code writes to it; its size is bounded (CCACHE_MAX_SIZE), the least
 * recently used results going first.
 */
record BuildStep(Path checkout, Path obj, Path fragment, KernelBuilder.Code code, Optional<Path> ccache) {

    /** ccache's bound: a tinyconfig build's results are ~40 MB, so this keeps about a hundred trees' worth. */
    static final String CCACHE_MAX_SIZE = "4G";

    /** The kernel's build date (uname -v): fixed, as Checkouts.SOURCE_TIME is for its sources. */
    static final String BUILD_TIMESTAMP = "Sat Jan  1 00:00:00 UTC 2000";

    SandboxStep of(List<String> command, Duration timeout) {
        List<Mount> mounts = new ArrayList<>(List.of(Mount.readOnly(checkout), Mount.writable(obj)));
        if (java.nio.file.Files.exists(fragment)) {
            mounts.add(Mount.readOnly(fragment));
        }
        // What the kernel's reproducible-builds document names: user, host,
        // timestamp and build number fixed, so a commit's vmlinux is the
        // same bytes however its objects got there (a cold build, a copy of
        // another commit's objects, ccache) and names neither this machine
        // nor its account. Kbuild's own build number counts the links done
        // in an object directory, which a copy carries on.
        Map<String, String> env = new HashMap<>(Map.of("KBUILD_BUILD_USER", "fsnbot", "KBUILD_BUILD_HOST",
                "fsnbot", "KBUILD_BUILD_TIMESTAMP", BUILD_TIMESTAMP, "KBUILD_BUILD_VERSION", "1"));
        if (ccache.isPresent()) {
            Path dir = ccache.get();
            mounts.add(code == KernelBuilder.Code.TRUSTED ? Mount.writable(dir) : Mount.readOnly(dir));
            // No CCACHE_BASEDIR: under it ccache writes the dependency files
            // Kbuild saves in .cmd with paths relative to the object
            // directory, which a copy for another checkout cannot retarget
            // (BuildSeeds), so a changed header would rebuild nothing that
            // includes it (SeededBuildIT). Absolute paths cost only hits
            // between checkouts of different commits, which seeds serve.
            env.putAll(Map.of("CCACHE_DIR", dir.toString(), "CCACHE_NOHASHDIR", "1", "CCACHE_TEMPDIR", "/tmp",
                    "CCACHE_DEPEND", "1", "CCACHE_MAXSIZE", CCACHE_MAX_SIZE));
            if (code == KernelBuilder.Code.UNTRUSTED) {
                env.put("CCACHE_READONLY", "1");
            }
        }
        // The object directory is the working directory: the checkout is
        // read-only, and tools such as merge_config.sh make temporary files
        // where they run.
        return new SandboxStep(command, obj, env, mounts, SandboxStep.Handles.UNTRUSTED_CODE, Limits.build(),
                timeout);
    }
}
