package org.fsnbot.plan;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.fsnbot.build.SourceTrees;

/**
 * Chooses the base a series is tested on: its base-commit when a
 * configured tree has that commit, otherwise the first configured base
 * that resolves (maintainers' order, e.g. the fsnotify branch, then
 * for-next, linux-next, mainline). The reason goes into the reply.
 */
public final class BaseResolver {

    /** A configured base: a tree (path or URL) and a revision in it. */
    public record Base(String tree, String rev) {
        public Base {
            Objects.requireNonNull(tree, "tree");
            Objects.requireNonNull(rev, "rev");
            if (tree.isBlank() || rev.isBlank()) {
                throw new IllegalArgumentException("a base needs a tree and a rev");
            }
        }
    }

    /** The chosen base and why. */
    public record Choice(String tree, String rev, String reason) {
    }

    private final SourceTrees trees;
    private final List<Base> order;

    public BaseResolver(SourceTrees trees, List<Base> order) {
        if (order.isEmpty()) {
            throw new IllegalArgumentException("at least one base must be configured");
        }
        this.trees = trees;
        this.order = List.copyOf(order);
    }

    public Choice resolve(Optional<String> baseCommit) throws IOException {
        List<String> problems = new ArrayList<>();
        if (baseCommit.isPresent()) {
            for (Base b : order) {
                if (has(b.tree(), baseCommit.get(), problems)) {
                    return new Choice(b.tree(), baseCommit.get(), "base-commit: given in the series");
                }
            }
        }
        for (Base b : order) {
            if (has(b.tree(), b.rev(), problems)) {
                // Short enough for the reply's "why" line (80 columns).
                String why = baseCommit.map(c -> "base-commit " + c.substring(0, 12) + " is in no configured tree")
                        .orElse("no base-commit: line in the series");
                return new Choice(b.tree(), b.rev(), why + "; first configured base");
            }
        }
        throw new IOException("no configured base resolves: " + String.join("; ", problems));
    }

    private boolean has(String tree, String rev, List<String> problems) {
        try {
            Path repo = trees.localRepository(tree);
            trees.resolve(repo, rev);
            return true;
        } catch (IOException e) {
            problems.add(e.getMessage());
            return false;
        }
    }
}
