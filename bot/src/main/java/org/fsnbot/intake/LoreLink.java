package org.fsnbot.intake;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Message-ids and lore links, both ways. lore's /r/ redirector finds a
 * message in any list it archives, so a reply links every patch the same
 * way. A link or id given by a person (a command, --lore) is read back to
 * a bare "<id>" and checked: nothing that is not a plausible message-id
 * reaches a URL we fetch.
 */
public final class LoreLink {

    public static final String LORE = "https://lore.kernel.org/";

    /** What RFC 5322 allows in an id once the angle brackets are gone, without spaces or controls. */
    private static final Pattern ID = Pattern.compile("[\\x21-\\x3b\\x3d\\x3f-\\x7e]{1,995}");

    /** https://lore.kernel.org/<list or r or all>/<id>[/<anything>], as lore and b4 print them. */
    private static final Pattern LINK = Pattern.compile("https://lore\\.kernel\\.org/[A-Za-z0-9._-]+/([^/?#]+)(?:[/?#].*)?");

    private LoreLink() {
    }

    /** The lore link of a message-id ("<a@b>" or "a@b"). */
    public static String of(String messageId) {
        String bare = bare(messageId);
        StringBuilder sb = new StringBuilder(LORE).append("r/");
        for (byte b : bare.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if (Character.isLetterOrDigit(c) && c < 0x80 || "@.-_+=~!$".indexOf(c) >= 0) {
                sb.append(c);
            } else {
                sb.append('%').append(String.format("%02X", b & 0xff));
            }
        }
        return sb.toString();
    }

    /**
     * "<id>" for what a person typed: a message-id with or without angle
     * brackets, or a lore link to the message; empty when it is neither
     * (a link to anywhere else is not taken for an id).
     */
    public static Optional<String> messageId(String typed) {
        if (typed == null) {
            return Optional.empty();
        }
        String t = typed.trim();
        Matcher link = LINK.matcher(t);
        if (link.matches()) {
            try {
                t = URLDecoder.decode(link.group(1).replace("+", "%2B"), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                return Optional.empty();
            }
        } else if (t.matches("(?i)[a-z][a-z0-9+.-]*://.*")) {
            return Optional.empty();
        } else if (t.startsWith("<") && t.endsWith(">")) {
            t = t.substring(1, t.length() - 1);
        }
        return ID.matcher(t).matches() && t.indexOf('@') > 0 ? Optional.of("<" + t + ">") : Optional.empty();
    }

    private static String bare(String messageId) {
        String s = messageId.trim();
        return s.startsWith("<") && s.endsWith(">") ? s.substring(1, s.length() - 1) : s;
    }
}
