package org.fsnbot.report;

import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Command lines a reader pastes into a shell: words that are not plainly
 * safe are single-quoted, so a message-id or a path from mail can never
 * become shell syntax on the reader's machine.
 */
public final class ShellWords {

    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9@%+=:,./_-]+");

    private ShellWords() {
    }

    public static String line(List<String> words) {
        return words.stream().map(ShellWords::quote).collect(Collectors.joining(" "));
    }

    public static String quote(String word) {
        return SAFE.matcher(word).matches() ? word : "'" + word.replace("'", "'\\''") + "'";
    }
}
