package org.fsnbot.cli;

/**
 * Text from mail and from kernels' output made safe for an operator's
 * terminal: a subject can carry escape sequences (an encoded-word decodes
 * to any character) that would move the cursor, retitle the window or
 * rewrite what was printed before. Control characters but newline and tab
 * print as '?'.
 */
final class TerminalText {

    private TerminalText() {
    }

    static String safe(String s) {
        StringBuilder b = new StringBuilder(s.length());
        s.codePoints().forEach(c -> {
            boolean control = c < 0x20 && c != '\n' && c != '\t' || c >= 0x7f && c <= 0x9f
                    || c == 0x2028 || c == 0x2029 || c >= 0x202a && c <= 0x202e || c >= 0x2066 && c <= 0x2069;
            b.appendCodePoint(control ? '?' : c);
        });
        return b.toString();
    }

    /** One line: newlines too print as '?', so one job stays one line. */
    static String line(String s) {
        return safe(s).replace('\n', '?').replace('\t', ' ');
    }
}
