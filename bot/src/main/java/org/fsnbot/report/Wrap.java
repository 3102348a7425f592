package org.fsnbot.report;

/**
 * Hard-wraps lines to the mail width; quoted tool output may be longer.
 * A line holding KEEP (put there by the `nowrap` filter: a command or a
 * URL someone will paste) is left whole, the marker removed: the 80-column
 * rule is for prose, and a wrapped command no longer runs.
 */
final class Wrap {

    static final int WIDTH = 80;

    /** Marks a line that must not be wrapped; never part of a reply. */
    static final char KEEP = '\u0001';

    private Wrap() {
    }

    static String hard(String text) {
        StringBuilder sb = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            String rest = line.stripTrailing();
            if (rest.indexOf(KEEP) >= 0) {
                sb.append(rest.replace(String.valueOf(KEEP), "")).append('\n');
                continue;
            }
            int lead = rest.length() - rest.stripLeading().length();
            String indent = " ".repeat(Math.min(lead + 4, WIDTH / 2));
            while (rest.length() > WIDTH) {
                int cut = rest.lastIndexOf(' ', WIDTH);
                if (cut <= indent.length()) {
                    cut = WIDTH;
                }
                sb.append(rest.substring(0, cut).stripTrailing()).append('\n');
                rest = indent + rest.substring(cut).stripLeading();
            }
            sb.append(rest).append('\n');
        }
        String s = sb.toString();
        return s.endsWith("\n\n") ? s.substring(0, s.length() - 1) : s;
    }
}
