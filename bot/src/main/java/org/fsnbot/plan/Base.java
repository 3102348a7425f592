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

    /**
     * Whether r is a plain revision name (a tag, branch, or hex, with ^ ~ /
     * . -, no "..", not starting with "-"): what a command from a mail or an
     * operator may name before it reaches git.
     */
    public static boolean plainRevision(String r) {
        return r.matches("[A-Za-z0-9][A-Za-z0-9._/^~-]{0,199}") && !r.contains("..");
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
