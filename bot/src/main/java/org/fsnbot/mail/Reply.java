package org.fsnbot.mail;

import java.util.List;
import java.util.Objects;

/** A reply ready to be written: headers as they will appear and a plain-text body. */
public record Reply(String messageId, String from, List<String> to, List<String> cc, String subject,
        String inReplyTo, List<String> references, String body) {

    public Reply {
        Objects.requireNonNull(messageId);
        Objects.requireNonNull(from);
        to = List.copyOf(to);
        cc = List.copyOf(cc);
        references = List.copyOf(references);
        if (to.isEmpty()) {
            throw new IllegalArgumentException("a reply needs a recipient");
        }
        for (String line : body.split("\n", -1)) {
            if (line.length() > 80) {
                throw new IllegalArgumentException("body line over 80 columns: " + line);
            }
        }
    }
}
