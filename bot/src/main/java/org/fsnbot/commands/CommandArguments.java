package org.fsnbot.commands;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.fsnbot.intake.LoreLink;

/**
 * The checks of a command's arguments: each comes from a mail, so each
 * is held to a shape before it reaches git, a path or a URL (docs/security.md).
 */
final class CommandArguments {

    private CommandArguments() {
    }

    static String shortened(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 3) + "...";
    }

    static List<String> workloads(String value) {
        List<String> workloads = List.of(value.split(","));
        for (String w : workloads) {
            if (!w.matches("[a-z0-9][a-z0-9-]*")) {
                throw new LineRefused(LineRefused.Reason.NOT_A_WORKLOAD, Map.of("got", shortened(w, 40)));
            }
        }
        return workloads;
    }

    /** No argument (this thread), or one: the message-id or lore link of the thread meant. */
    static Optional<String> namedThread(String verb, List<String> args) {
        if (args.isEmpty()) {
            return Optional.empty();
        }
        if (args.size() > 1) {
            throw new LineRefused(LineRefused.Reason.ONE_THREAD_AT_MOST, Map.of("verb", verb));
        }
        return Optional.of(LoreLink.messageId(args.get(0)).orElseThrow(() -> new LineRefused(
                LineRefused.Reason.NOT_A_THREAD, Map.of("got", shortened(args.get(0), 60)))));
    }

    static void exactly(String verb, List<String> args, int n, String usage) {
        if (args.size() != n) {
            throw new LineRefused(LineRefused.Reason.ARGUMENTS, Map.of("verb", verb, "usage", n == 0 ? "" : usage));
        }
    }

    static String rev(String r) {
        if (!org.fsnbot.plan.Base.plainRevision(r)) {
            throw new LineRefused(LineRefused.Reason.NOT_A_REVISION, Map.of("got", shortened(r, 60)));
        }
        return r;
    }
}
