package org.fsnbot.commands;

/**
 * Why a command that was understood is not run here: its words are
 * templates/command/not-run.peb's, by this name.
 */
enum NotRun {
    /** test of another tree, and this fsnbot takes none. */
    NO_OTHER_TREES,
    /** test of a tree outside the URL prefixes configured ("prefixes"). */
    TREE_NOT_ALLOWED,
    /** test on a thread fsnbot did not test: no base to compare with. */
    NO_BASE_TO_COMPARE,
    /** test without a tree, in a mail without a patch inline. */
    NO_INLINE_PATCH,
    /** test of an inline patch on a thread fsnbot did not test: no base to apply it to. */
    NO_BASE_TO_APPLY,
    /** rerun on a thread that is not about a series fsnbot tested. */
    NOT_A_TESTED_SERIES,
    /** rerun of a series whose parts never all arrived. */
    NEVER_TESTED,
    /** rerun options the profile refused for a reason of fsnbot's (logged). */
    OPTIONS_REFUSED
}
