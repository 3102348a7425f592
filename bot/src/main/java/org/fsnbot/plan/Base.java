package org.fsnbot.plan;

import java.util.Objects;

/**
 * What a candidate is measured against: a tree (local path or URL), a
 * revision in it, and why this base (the reply's "why" line).
 */
public record Base(String tree, String rev, BaseReason reason) {

    public Base {
        Objects.requireNonNull(tree, "tree");
        Objects.requireNonNull(rev, "rev");
        Objects.requireNonNull(reason, "reason");
        if (tree.isBlank() || rev.isBlank()) {
            throw new IllegalArgumentException("a base needs a tree and a rev");
        }
        if (rev.startsWith("-")) {
            throw new IllegalArgumentException("--base must name a revision: " + rev);
        }
    }

    public static Base configured(String tree, String rev) {
        return new Base(tree, rev, BaseReason.of(BaseReason.Kind.CONFIGURED));
    }

    /** The same tree at another revision, for another reason. */
    public Base at(String otherRev, BaseReason why) {
        return new Base(tree, otherRev, why);
    }

    public Base because(BaseReason why) {
        return new Base(tree, rev, why);
    }
}
