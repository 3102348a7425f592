package org.fsnbot.plan;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Why a job is measured against its base, typed: the reply's words for
 * each kind are in templates/_base-reason.peb, and args are the names it
 * quotes (a version, a branch, a commit), never a sentence.
 */
public record BaseReason(Kind kind, List<String> args) {

    /** Each kind with the number of names its words quote. */
    public enum Kind {
        /** The configuration's base, before anything chose one. */
        CONFIGURED(0),
        /** --base on a CLI command. */
        NAMED_ON_COMMAND_LINE(0),
        /** The base revision a #fsnbot compare or bisect line named. */
        NAMED_IN_COMMAND(0),
        /** The series' own base-commit: trailer, found in a configured tree. */
        SERIES_BASE_COMMIT(0),
        /** No base-commit: trailer: the first configured base that resolves. */
        FIRST_CONFIGURED_NO_TRAILER(0),
        /** A base-commit: trailer (arg: its first 12 digits) in no configured tree. */
        FIRST_CONFIGURED_UNKNOWN_COMMIT(1),
        /** A stable patch (arg: its version) on the stable tree's branch (arg). */
        STABLE_BRANCH(2),
        /** A stable patch (arg: its version) with no stable tree configured. */
        STABLE_NO_TREE(1),
        /** A stable patch (arg: its version) whose branch (arg) did not resolve. */
        STABLE_UNRESOLVED(2),
        /** A watched branch's (arg) head, against the head tested before it. */
        LAST_TESTED_HEAD(1),
        /** A watched branch's (arg) weekly heartbeat: its head against itself. */
        HEARTBEAT(1),
        /** A #fsnbot test of a tree: the merge base of its head (arg) and the thread's base. */
        MERGE_BASE(1),
        /** A #fsnbot test-patch: the base the thread's series was tested on. */
        THREAD_SERIES_BASE(0),
        /** A bisection queued after a regression: its good end. */
        BISECT_GOOD_END(0),
        /** A bisection's measurement of its ends. */
        BISECTION_ENDS(0),
        /** A bisection's step (arg: its commit's index in the range). */
        BISECTION_STEP(1),
        /** A reason recorded by an earlier fsnbot as text (arg), shown as it was. */
        RECORDED(1);

        private final int arity;

        Kind(int arity) {
            this.arity = arity;
        }
    }

    /** Between a stored reason's kind and its args: never in a name (args are validated). */
    private static final String SEPARATOR = "\n";

    public BaseReason {
        Objects.requireNonNull(kind);
        args = List.copyOf(args);
        if (args.size() != kind.arity) {
            throw new IllegalArgumentException(kind + " quotes " + kind.arity + " names, not " + args.size());
        }
        for (String a : args) {
            if (a.isEmpty() || a.contains(SEPARATOR) || (kind != Kind.RECORDED && a.length() > 200)) {
                throw new IllegalArgumentException("a base reason's name is one short line: " + a);
            }
        }
    }

    public static BaseReason of(Kind kind, String... args) {
        return new BaseReason(kind, Arrays.asList(args));
    }

    /** How the store keeps it: the kind's name, then each name on a line of its own. */
    public String stored() {
        return kind.name() + (args.isEmpty() ? "" : SEPARATOR + String.join(SEPARATOR, args));
    }

    /** A stored reason; text an earlier fsnbot stored (a sentence) comes back as RECORDED. */
    public static BaseReason fromStored(String text) {
        List<String> parts = Arrays.asList(text.split(SEPARATOR, -1));
        Optional<Kind> kind = Arrays.stream(Kind.values()).filter(k -> k.name().equals(parts.get(0))).findFirst();
        if (kind.isPresent() && parts.size() - 1 == kind.get().arity && parts.stream().noneMatch(String::isEmpty)) {
            return new BaseReason(kind.get(), parts.subList(1, parts.size()));
        }
        return text.isBlank() ? of(Kind.CONFIGURED) : of(Kind.RECORDED, text.replace(SEPARATOR, " "));
    }

    /** For logs: the kind and its names, not the reply's words. */
    @Override
    public String toString() {
        return kind.name().toLowerCase(Locale.ROOT) + (args.isEmpty() ? "" : " " + String.join(" ", args));
    }
}
