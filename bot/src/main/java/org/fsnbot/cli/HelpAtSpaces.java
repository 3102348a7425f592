package org.fsnbot.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/**
 * Help text wrapped at spaces only. picocli wraps with the JDK's line
 * BreakIterator, which breaks after '/', '.' and ':' ("~/.\n cache",
 * "https:\n //lore..."): a path or a URL cut in two cannot be pasted. So
 * picocli lays every section out without wrapping, and each line is then
 * wrapped here at spaces to WIDTH columns, a continuation indented to where
 * its text began (an option list's description column, a synopsis's first
 * option). A word longer than a line stays whole.
 */
final class HelpAtSpaces {

    static final int WIDTH = 80;

    /** picocli's own width: wide enough that it never wraps a line itself. */
    private static final int UNWRAPPED = 1000;

    private HelpAtSpaces() {
    }

    /** Every section of line's help, and of its subcommands', wrapped at spaces. */
    static void install(CommandLine line) {
        line.setUsageHelpWidth(UNWRAPPED);
        wrapSections(line);
    }

    private static void wrapSections(CommandLine c) {
        Map<String, CommandLine.IHelpSectionRenderer> wrapped = new LinkedHashMap<>();
        c.getHelpSectionMap().forEach((key, renderer) -> wrapped.put(key,
                key.equals(CommandLine.Model.UsageMessageSpec.SECTION_KEY_SYNOPSIS)
                        ? help -> synopsis(renderer.render(help), help.synopsisHeading().length())
                        : help -> wrap(renderer.render(help))));
        c.setHelpSectionMap(wrapped);
        c.getSubcommands().values().forEach(HelpAtSpaces::wrapSections);
    }

    /** A section's lines wrapped at spaces, each continued at its text column. */
    static String wrap(String text) {
        int column = textColumn(text);
        List<String> out = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            int hang = indent(line, column);
            out.add(wrapLine(line, hang, WIDTH, hang));
        }
        return String.join("\n", out);
    }

    /**
     * The synopsis, whose first line follows a heading of headingWidth
     * columns ("Usage: "): continued under its first option.
     */
    static String synopsis(String text, int headingWidth) {
        String[] lines = text.split("\n", -1);
        int first = lines[0].length();
        for (int i = 0; i < lines[0].length() - 1; i++) {
            char c = lines[0].charAt(i + 1);
            if (lines[0].charAt(i) == ' ' && (c == '[' || c == '-' || c == '<' || Character.isUpperCase(c))) {
                first = i + 1;
                break;
            }
        }
        int keep = Math.min(first, WIDTH / 2);
        lines[0] = wrapLine(lines[0], keep, WIDTH - headingWidth, headingWidth + keep);
        return String.join("\n", lines);
    }

    /**
     * Where line's text continues: at the section's text column when its
     * text begins there after a name (an option or command list) or its
     * line is already indented that far, else at its own indentation.
     */
    private static int indent(String line, int column) {
        int lead = line.length() - line.stripLeading().length();
        boolean named = column > lead && line.length() > column && line.charAt(column - 1) == ' '
                && !line.substring(0, column).isBlank();
        return named ? column : lead;
    }

    /** The column most lines' text begins at after a name and two spaces; 0 when no line has one. */
    private static int textColumn(String text) {
        Map<Integer, Integer> count = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            int lead = line.length() - line.stripLeading().length();
            int gap = line.indexOf("  ", lead);
            if (lead < line.length() && gap > lead) {
                int t = gap;
                while (t < line.length() && line.charAt(t) == ' ') {
                    t++;
                }
                if (t < line.length() && t < WIDTH / 2) {
                    count.merge(t, 1, Integer::sum);
                }
            }
        }
        return count.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(0);
    }

    /**
     * line as it is when it fits in room; else its first keep columns as
     * they are, its words after them wrapped at spaces, the first row in
     * room columns, the others in WIDTH, each indented by hang.
     */
    private static String wrapLine(String line, int keep, int room, int hang) {
        String body = line.stripTrailing();
        if (body.length() <= room) {
            return line;
        }
        List<String> rows = new ArrayList<>();
        StringBuilder row = new StringBuilder(body.substring(0, Math.min(keep, body.length())));
        int limit = room;
        boolean empty = true;
        for (String word : body.substring(Math.min(keep, body.length())).trim().split(" +")) {
            if (!empty && row.length() + 1 + word.length() > limit) {
                rows.add(row.toString());
                row = new StringBuilder(" ".repeat(hang));
                limit = WIDTH;
                empty = true;
            }
            if (!empty) {
                row.append(' ');
            }
            row.append(word);
            empty = false;
        }
        rows.add(row.toString());
        return String.join("\n", rows);
    }
}
