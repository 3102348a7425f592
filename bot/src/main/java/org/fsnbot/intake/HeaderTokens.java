package org.fsnbot.intake;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A structured header's value as RFC 5322's lexical rules read it: words,
 * quoted strings (atomic: a ";" or ")" inside one is text, and a
 * backslash quotes the next character), comments (nested, dropped), and
 * ";" between statements. Jakarta Mail reads headers, not this grammar
 * for arbitrary fields (its HeaderTokenizer throws on the first oddity
 * and knows no statement separator), so the few rules are written here.
 * An unterminated quoted string or comment, or a ")" that closes nothing,
 * makes the value unreadable: empty, never a best guess.
 */
final class HeaderTokens {

    /** A word or a quoted string's text; glued when nothing separated it from the token before it. */
    record Token(Kind kind, String text, boolean glued) {
    }

    enum Kind { WORD, QUOTED, SEMICOLON }

    private HeaderTokens() {
    }

    static Optional<List<Token>> of(String value) {
        List<Token> out = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean separated = true;
        boolean wordGlued = false;
        int i = 0;
        while (i < value.length()) {
            char c = value.charAt(i);
            if (c == '"' || c == '(' || c == ')' || c == ';' || Character.isWhitespace(c)) {
                if (!word.isEmpty()) {
                    out.add(new Token(Kind.WORD, word.toString(), wordGlued));
                    word.setLength(0);
                    separated = false;
                }
            }
            if (c == '"') {
                StringBuilder q = new StringBuilder();
                i++;
                while (i < value.length() && value.charAt(i) != '"') {
                    if (value.charAt(i) == '\\' && i + 1 < value.length()) {
                        i++;
                    }
                    q.append(value.charAt(i));
                    i++;
                }
                if (i >= value.length()) {
                    return Optional.empty();
                }
                out.add(new Token(Kind.QUOTED, q.toString(), !separated));
                separated = false;
                i++;
            } else if (c == '(') {
                int depth = 0;
                do {
                    char d = value.charAt(i);
                    if (d == '\\') {
                        i++;
                    } else if (d == '(') {
                        depth++;
                    } else if (d == ')') {
                        depth--;
                    }
                    i++;
                } while (depth > 0 && i < value.length());
                if (depth > 0) {
                    return Optional.empty();
                }
                separated = true;
            } else if (c == ')') {
                return Optional.empty();
            } else if (c == ';') {
                out.add(new Token(Kind.SEMICOLON, ";", false));
                separated = true;
                i++;
            } else if (Character.isWhitespace(c)) {
                separated = true;
                i++;
            } else {
                if (word.isEmpty()) {
                    wordGlued = !separated;
                }
                word.append(c);
                i++;
            }
        }
        if (!word.isEmpty()) {
            out.add(new Token(Kind.WORD, word.toString(), wordGlued));
        }
        return Optional.of(out);
    }
}
