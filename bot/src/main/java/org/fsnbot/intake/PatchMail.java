package org.fsnbot.intake;

import java.util.List;
import java.util.Objects;

/**
 * One message from a patch thread, reduced to what later stages need:
 * threading headers, recipients, the paths its diff touches and the raw
 * RFC 822 bytes for git am.
 */
public record PatchMail(
        String messageId,
        String subject,
        String from,
        String replyTo,
        List<String> to,
        List<String> cc,
        List<String> references,
        String date,
        boolean hasDiff,
        boolean hasDiffstat,
        List<String> diffPaths,
        byte[] raw) {

    public PatchMail {
        Objects.requireNonNull(messageId, "messageId");
        if (!messageId.startsWith("<") || !messageId.endsWith(">")) {
            throw new IllegalArgumentException("Message-ID must be <...>: " + messageId);
        }
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(from, "from");
        to = List.copyOf(to);
        cc = List.copyOf(cc);
        references = List.copyOf(references);
        diffPaths = List.copyOf(diffPaths);
        Objects.requireNonNull(raw, "raw");
        raw = raw.clone();
    }

    @Override
    public byte[] raw() {
        return raw.clone();
    }

    /** The subject without "Re:" and the [PATCH ...] prefix. */
    public String bareSubject() {
        return subject.replaceFirst("^(?i)(re:\\s*)*", "").replaceFirst("^\\[[^\\]]*\\]\\s*", "");
    }
}
