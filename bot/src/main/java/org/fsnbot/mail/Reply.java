package org.fsnbot.mail;

import java.util.List;
import java.util.Objects;

/** A reply ready to be written: headers as they will appear and a plain-text body. */
public record Reply(String messageId, String from, List<String> to, List<String> cc, Threading threading,
        String body) {

    /** The subject and the headers that place the reply in its thread (none for a new thread). */
    public record Threading(String subject, String inReplyTo, List<String> references) {
        public Threading {
            Objects.requireNonNull(subject, "subject");
            references = List.copyOf(references);
        }

        public static Threading newThread(String subject) {
            return new Threading(subject, null, List.of());
        }
    }

    /** RFC 5322's limit on a line, without its CRLF. */
    public static final int MAX_LINE = 998;

    public Reply {
        Objects.requireNonNull(messageId);
        Objects.requireNonNull(from);
        Objects.requireNonNull(threading);
        to = List.copyOf(to);
        cc = List.copyOf(cc);
        if (to.isEmpty()) {
            throw new IllegalArgumentException("a reply needs a recipient");
        }
        // The renderer keeps prose to 80 columns and leaves commands and URLs
        // whole; what mail itself cannot carry is a line over 998 (RFC 5322).
        for (String line : body.split("\n", -1)) {
            if (line.length() > MAX_LINE) {
                throw new IllegalArgumentException("body line over " + MAX_LINE + " characters: "
                        + line.substring(0, 80) + "...");
            }
        }
    }

    public String subject() {
        return threading.subject();
    }

    public String inReplyTo() {
        return threading.inReplyTo();
    }

    public List<String> references() {
        return threading.references();
    }
}
