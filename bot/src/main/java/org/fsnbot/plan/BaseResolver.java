package org.fsnbot.plan;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.fsnbot.git.Trees;

/**
 * Chooses the base a series is tested on: its base-commit when a
 * configured tree has that commit, otherwise the first configured base
 * that resolves (maintainers' order, e.g. the fsnotify branch, then
 * for-next, linux-next, mainline). The reason goes into the reply.
 */
public final class BaseResolver {

    private final Trees trees;
    private final List<Base> order;
    private final Optional<String> stableTree;

    public BaseResolver(Trees trees, List<Base> order) {
        this(trees, order, Optional.empty());
    }

    /** stableTree: where linux-X.Y.y branches are, for stable review parts (empty: none configured). */
    public BaseResolver(Trees trees, List<Base> order, Optional<String> stableTree) {
        if (order.isEmpty()) {
            throw new IllegalArgumentException("at least one base must be configured");
        }
        this.trees = trees;
        this.order = List.copyOf(order);
        this.stableTree = stableTree.filter(t -> !t.isBlank());
    }

    /**
     * The base of a stable patch for version ("6.12"): the stable tree's
     * linux-6.12.y when it resolves, else the first configured base, and
     * the reason says which.
     */
    public Base stable(String version) throws IOException {
        if (!version.matches("\\d{1,2}\\.\\d{1,3}")) {
            throw new IllegalArgumentException("not a stable version: " + version);
        }
        String branch = "linux-" + version + ".y";
        List<String> problems = new ArrayList<>();
        if (stableTree.isPresent() && has(stableTree.get(), branch, problems)) {
            return new Base(stableTree.get(), branch, BaseReason.of(BaseReason.Kind.STABLE_BRANCH, version, branch));
        }
        return resolve(Optional.empty()).because(stableTree.isEmpty()
                ? BaseReason.of(BaseReason.Kind.STABLE_NO_TREE, version)
                : BaseReason.of(BaseReason.Kind.STABLE_UNRESOLVED, version, branch));
    }

    public Base resolve(Optional<String> baseCommit) throws IOException {
        List<String> problems = new ArrayList<>();
        if (baseCommit.isPresent()) {
            for (Base b : order) {
                if (has(b.tree(), baseCommit.get(), problems)) {
                    return b.at(baseCommit.get(), BaseReason.of(BaseReason.Kind.SERIES_BASE_COMMIT));
                }
            }
        }
        for (Base b : order) {
            if (has(b.tree(), b.rev(), problems)) {
                return b.because(baseCommit.map(c -> BaseReason.of(BaseReason.Kind.FIRST_CONFIGURED_UNKNOWN_COMMIT,
                        c.substring(0, Math.min(12, c.length())))).orElse(BaseReason.of(
                                BaseReason.Kind.FIRST_CONFIGURED_NO_TRAILER)));
            }
        }
        throw new IOException("no configured base resolves: " + String.join("; ", problems));
    }

    private boolean has(String tree, String rev, List<String> problems) {
        try {
            Path repo = trees.local(tree);
            trees.resolve(repo, rev);
            return true;
        } catch (IOException e) {
            problems.add(e.getMessage());
            return false;
        }
    }
}
