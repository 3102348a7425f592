package org.fsnbot.commands;

import java.util.List;
import java.util.Locale;

/**
 * Who may command fsnbot beyond the MAINTAINERS people, whether others are
 * told no or ignored, and the limits: measuring commands per sender and
 * overall per hour, and the most boots per kernel one command may ask for.
 */
public record CommandSettings(List<String> allow, boolean refuseSilently, int perSenderPerHour, int globalPerHour,
        int maxRuns) {

    public CommandSettings {
        allow = allow == null ? List.of() : allow.stream().map(a -> a.trim().toLowerCase(Locale.ROOT)).toList();
        if (perSenderPerHour < 1 || globalPerHour < perSenderPerHour) {
            throw new IllegalArgumentException("commands: need 1 <= perSenderPerHour <= globalPerHour");
        }
        if (maxRuns < 3) {
            throw new IllegalArgumentException("commands.maxRuns must be >= 3 (fewer boots give no verdict)");
        }
    }

    public static CommandSettings defaults() {
        return new CommandSettings(List.of(), false, 4, 20, 10);
    }
}
