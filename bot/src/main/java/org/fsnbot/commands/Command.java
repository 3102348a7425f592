package org.fsnbot.commands;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/** One #fsnbot command as written in a mail, with the line it came from. */
public sealed interface Command {

    /** The command line as written (joined when the mailer wrapped it). */
    String line();

    /**
     * The thread it names by message-id or lore link ("<id>"), for a
     * command sent off the thread (to fsnbot directly); empty: the thread
     * the command mail is in.
     */
    default Optional<String> thread() {
        return Optional.empty();
    }

    /** Whether it makes fsnbot measure something (and so counts against the limits). */
    default boolean measures() {
        return false;
    }

    /** Who may send it and have it run. */
    enum Access {
        /** Anyone, a stranger too: it changes nothing and costs nothing (help, status). */
        ANYONE,
        /** An authenticated maintainer or an address the configuration allows. */
        MAINTAINERS,
        /** Those, and the authenticated author of the series the thread's work measures. */
        MAINTAINERS_AND_AUTHOR
    }

    default Access access() {
        return Access.MAINTAINERS;
    }

    /** `#fsnbot rerun [workloads=a,b] [runs=N] [profile=quick|full] [topology=...] [<message-id or lore link>]` */
    record Rerun(String line, List<String> workloads, OptionalInt runs, Optional<String> profile,
            Optional<String> topology, Optional<String> thread) implements Command {
        public Rerun {
            workloads = List.copyOf(workloads);
        }

        public Rerun(String line, List<String> workloads, OptionalInt runs, Optional<String> profile,
                Optional<String> topology) {
            this(line, workloads, runs, profile, topology, Optional.empty());
        }

        @Override
        public boolean measures() {
            return true;
        }

        @Override
        public Access access() {
            return Access.MAINTAINERS_AND_AUTHOR;
        }
    }

    /** `#fsnbot test <git-url> <branch-or-commit>` */
    record Test(String line, String url, String rev) implements Command {
        @Override
        public boolean measures() {
            return true;
        }
    }

    /** `#fsnbot test` (or `test:`) with no tree: the patch inline in the same mail, on the thread's base. */
    record TestPatch(String line) implements Command {
        @Override
        public boolean measures() {
            return true;
        }
    }

    /** `#fsnbot compare <rev> <rev>` */
    record Compare(String line, String base, String head) implements Command {
        @Override
        public boolean measures() {
            return true;
        }
    }

    /**
     * `#fsnbot bisect <good> <bad> [workloads=a,b]`: the commit between
     * them that carries the regression (docs/bisect.md).
     */
    record Bisect(String line, String good, String bad, List<String> workloads) implements Command {
        public Bisect {
            workloads = List.copyOf(workloads);
        }

        @Override
        public boolean measures() {
            return true;
        }
    }

    /** `#fsnbot cancel [<message-id or lore link>]` */
    record Cancel(String line, Optional<String> thread) implements Command {
        public Cancel(String line) {
            this(line, Optional.empty());
        }
    }

    /** `#fsnbot status [<message-id or lore link>]` */
    record Status(String line, Optional<String> thread) implements Command {
        public Status(String line) {
            this(line, Optional.empty());
        }

        @Override
        public Access access() {
            return Access.ANYONE;
        }
    }

    /** `#fsnbot help` */
    record Help(String line) implements Command {
        @Override
        public Access access() {
            return Access.ANYONE;
        }
    }
}
