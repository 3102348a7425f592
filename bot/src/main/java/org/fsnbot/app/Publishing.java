package org.fsnbot.app;

import java.util.Objects;
import java.util.Optional;

/**
 * Where a job's patched tree is pushed, so a reader fetches the base
 * with the patch applied as LKP's readers do (empty: nowhere): a git
 * remote fsnbot may push to, and the branch prefix (each job's branch
 * is prefix + "job-N").
 */
public record Publishing(Optional<String> remote, String branchPrefix) {
    public Publishing {
        Objects.requireNonNull(remote);
        if (remote.isPresent() && (remote.get().isBlank() || remote.get().startsWith("-"))) {
            throw new IllegalArgumentException("publish.remote must be a git remote URL or path: " + remote.get());
        }
        if (!branchPrefix.matches("[A-Za-z0-9._/-]*") || branchPrefix.contains("..")) {
            throw new IllegalArgumentException("publish.branchPrefix must be a plain ref prefix: " + branchPrefix);
        }
    }

    public static final Publishing NOWHERE = new Publishing(Optional.empty(), "fsnbot/");
}
