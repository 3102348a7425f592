package org.fsnbot.build;

import java.util.Collection;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The trees whose code fsnbot trusts: those the operator configured (the
 * bases, the watched trees, the stable tree). Whether a build may fill the
 * shared caches is decided here, on the machine that builds, from its own
 * configuration: never from a queued unit's row, which in the fleet a
 * runner may have written.
 */
public record TrustedTrees(Set<String> trees) {

    public TrustedTrees {
        trees = trees.stream().map(TrustedTrees::norm).collect(Collectors.toUnmodifiableSet());
    }

    public static TrustedTrees of(Collection<String> trees) {
        return new TrustedTrees(Set.copyOf(trees));
    }

    /** How a base from this tree is built: TRUSTED only when the operator configured the tree. */
    public KernelBuilder.Code codeOf(String tree) {
        return trees.contains(norm(tree)) ? KernelBuilder.Code.TRUSTED : KernelBuilder.Code.UNTRUSTED;
    }

    private static String norm(String tree) {
        return tree.strip().replaceAll("/+$", "");
    }
}
