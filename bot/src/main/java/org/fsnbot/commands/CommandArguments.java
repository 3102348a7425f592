package org.fsnbot.commands;

import java.util.List;
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
                throw new IllegalArgumentException("not a workload name: \"" + shortened(w, 40) + "\"");
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
            throw new IllegalArgumentException(verb + " takes at most the message-id or lore link of a thread");
        }
        return Optional.of(LoreLink.messageId(args.get(0)).orElseThrow(() -> new IllegalArgumentException(
                "not a message-id or a lore link: \"" + shortened(args.get(0), 60) + "\"")));
    }

    static void exactly(String verb, List<String> args, int n, String usage) {
        if (args.size() != n) {
            throw new IllegalArgumentException(verb + " takes " + (n == 0 ? "no arguments" : usage));
        }
    }

    static String rev(String r) {
        if (!r.matches("[A-Za-z0-9][A-Za-z0-9._/^~-]*") || r.contains("..")) {
            throw new IllegalArgumentException("not a branch, tag or commit: \"" + r + "\"");
        }
        return r;
    }
}
