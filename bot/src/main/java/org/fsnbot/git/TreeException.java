package org.fsnbot.git;

import java.io.IOException;
import java.util.Objects;

/**
 * What is wrong with a tree or a revision someone named, by kind: a reply
 * says it in its own words (templates/command/could-not-run.peb), never
 * this exception's message, which names local paths and JGit's text and
 * is for the log and the command line.
 */
public final class TreeException extends IOException {

    private static final long serialVersionUID = 1L;

    /** The ways a named tree or revision cannot be used. */
    public enum Kind {
        NOT_A_REPOSITORY,
        NO_SUCH_TREE,
        UNREACHABLE,
        OVER_TRANSFER_LIMITS,
        NO_SUCH_REVISION,
        NO_SHARED_HISTORY
    }

    private final Kind kind;
    private final String named;

    /** named: the tree or the revision(s) as they were given (what a reply may quote). */
    public TreeException(Kind kind, String named, String message, Throwable cause) {
        super(message, cause);
        this.kind = Objects.requireNonNull(kind);
        this.named = Objects.requireNonNull(named);
    }

    public TreeException(Kind kind, String named, String message) {
        this(kind, named, message, null);
    }

    public Kind kind() {
        return kind;
    }

    public String named() {
        return named;
    }
}
