package org.fsnbot.commands;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Who may command fsnbot beyond the MAINTAINERS people, whether others are
 * told no or ignored, which mail servers' Authentication-Results are
 * believed, the trees `test` may name, the limits (measuring commands, and
 * answers of any kind, per sender and overall per hour) and the most boots
 * per kernel one command may ask for.
 */
public record CommandSettings(List<String> allow, boolean refuseSilently, Limits measuring, Limits answers,
        int maxRuns, Trust trust, List<String> testUrlPrefixes) {

    /** At most perSenderPerHour per sender and globalPerHour in all, in any hour. */
    public record Limits(int perSenderPerHour, int globalPerHour) {
        public Limits {
            if (perSenderPerHour < 1 || globalPerHour < perSenderPerHour) {
                throw new IllegalArgumentException("commands: need 1 <= perSenderPerHour <= globalPerHour");
            }
        }
    }

    /**
     * The authserv-ids whose Authentication-Results fsnbot believes: for
     * mail read from the followed archives (the list's MTA), and for mail
     * read from fsnbot's own mailbox (its MTA).
     */
    public record Trust(List<String> archive, List<String> imap) {
        public Trust {
            archive = lower(archive);
            imap = lower(imap);
        }

        /** The ids to believe for mail from this source ("imap", or an inbox name). */
        public Set<String> forSource(String source) {
            return Set.copyOf("imap".equals(source) ? imap : archive);
        }
    }

    public CommandSettings {
        allow = lower(allow);
        Objects.requireNonNull(measuring, "commands.measuring");
        Objects.requireNonNull(answers, "commands.answers");
        trust = trust == null ? new Trust(List.of(), List.of()) : trust;
        testUrlPrefixes = testUrlPrefixes == null ? List.of() : List.copyOf(testUrlPrefixes);
        for (String p : testUrlPrefixes) {
            if (!p.matches("https://[A-Za-z0-9.-]+(:[0-9]+)?/([A-Za-z0-9._~/-]*/)?")) {
                throw new IllegalArgumentException("commands.testUrlPrefixes: " + p + " is not an https:// URL"
                        + " prefix ending in /");
            }
        }
        if (maxRuns < 3) {
            throw new IllegalArgumentException("commands.maxRuns must be >= 3 (fewer boots give no verdict)");
        }
    }

    private static List<String> lower(List<String> l) {
        return l == null ? List.of() : l.stream().map(a -> a.trim().toLowerCase(Locale.ROOT))
                .collect(Collectors.toUnmodifiableList());
    }

    public static CommandSettings defaults() {
        return new CommandSettings(List.of(), false, new Limits(4, 20), new Limits(10, 60), 10,
                new Trust(List.of("smtp.subspace.kernel.org"), List.of()),
                List.of("https://git.kernel.org/pub/scm/linux/kernel/git/"));
    }
}
