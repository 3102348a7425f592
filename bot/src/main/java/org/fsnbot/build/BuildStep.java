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
 * A cold build (no objects to start from) runs with ccache disabled:
 * every object's cache key holds the configuration (autoconf.h), and the
 * only objects of this configuration are the ones it is about to make, so
 * nothing can hit, and the misses cost: a cold build here took 659 s
 * through ccache, 424 s without (make -j2, an empty cache). It is
 * disabled in the environment, not left out of CC: Kbuild keeps each
 * object's command line, and objects made with another CC would all be
 * compiled again by the next build that starts from them.
 */
record BuildStep(Path checkout, Path obj, Path fragment, KernelBuilder.Code code, Optional<Path> ccache,
        boolean cold) {

    SandboxStep of(List<String> command, Duration timeout) {
        List<Mount> mounts = new ArrayList<>(List.of(Mount.readOnly(checkout), Mount.writable(obj)));
        if (java.nio.file.Files.exists(fragment)) {
            mounts.add(Mount.readOnly(fragment));
        }
        // A fixed build user and host: the kernel's version string then
        // names neither this machine nor its account.
        Map<String, String> env = new HashMap<>(Map.of("KBUILD_BUILD_USER", "fsnbot", "KBUILD_BUILD_HOST",
                "fsnbot"));
        if (ccache.isPresent()) {
            Path dir = ccache.get();
            mounts.add(code == KernelBuilder.Code.TRUSTED ? Mount.writable(dir) : Mount.readOnly(dir));
            env.putAll(Map.of("CCACHE_DIR", dir.toString(), "CCACHE_BASEDIR", dir.getParent().toString(),
                    "CCACHE_NOHASHDIR", "1", "CCACHE_TEMPDIR", "/tmp"));
            if (code == KernelBuilder.Code.UNTRUSTED) {
                env.put("CCACHE_READONLY", "1");
            }
            if (cold) {
                env.put("CCACHE_DISABLE", "1");
            }
        }
        // The object directory is the working directory: the checkout is
        // read-only, and tools such as merge_config.sh make temporary files
        // where they run.
        return new SandboxStep(command, obj, env, mounts, SandboxStep.Handles.UNTRUSTED_CODE, Limits.build(),
                timeout);
    }
}
