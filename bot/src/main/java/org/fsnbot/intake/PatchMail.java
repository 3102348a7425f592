package org.fsnbot.intake;

import java.util.List;
import java.util.Objects;

/**
 * One message from a patch thread, reduced to what later stages need:
 * threading headers, recipients, what its diff touches and the raw RFC 822
 * bytes for git am.
 */
public record PatchMail(String messageId, Headers headers, Diff diff, byte[] raw) {

    /** The headers later stages read, unfolded and decoded; replyTo and date may be null. */
    public record Headers(String subject, String from, String replyTo, List<String> to, List<String> cc,
            List<String> references, String date) {
        public Headers {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(from, "from");
            to = List.copyOf(to);
            cc = List.copyOf(cc);
            references = List.copyOf(references);
        }
    }

    /** Whether the mail carries a diff (its own, or quoted), a diffstat, and the paths its own diff touches. */
    public record Diff(boolean present, boolean diffstat, List<String> paths) {
        public static final Diff NONE = new Diff(false, false, List.of());

        public Diff {
            paths = List.copyOf(paths);
        }
    }

    public PatchMail {
        Objects.requireNonNull(messageId, "messageId");
        if (!messageId.startsWith("<") || !messageId.endsWith(">")) {
            throw new IllegalArgumentException("Message-ID must be <...>: " + messageId);
        }
        Objects.requireNonNull(headers, "headers");
        Objects.requireNonNull(diff, "diff");
        Objects.requireNonNull(raw, "raw");
        raw = raw.clone();
    }

    @Override
    public byte[] raw() {
        return raw.clone();
    }

    public String subject() {
        return headers.subject();
    }

    public String from() {
        return headers.from();
    }

    public String replyTo() {
        return headers.replyTo();
    }

    public List<String> to() {
        return headers.to();
    }

    public List<String> cc() {
        return headers.cc();
    }

    public List<String> references() {
        return headers.references();
    }

    public boolean hasDiff() {
        return diff.present();
    }

    public boolean hasDiffstat() {
        return diff.diffstat();
    }

    public List<String> diffPaths() {
        return diff.paths();
    }

    /**
     * The author's address, lower-cased: what ties revisions of a series
     * to one person (the whole From when it holds no address).
     */
    public String authorAddress() {
        return Addresses.bare(from());
    }

    /** The subject without "Re:" and the [PATCH ...] prefix. */
    public String bareSubject() {
        return subject().replaceFirst("^(?i)(re:\\s*)*", "").replaceFirst("^\\[[^\\]]*\\]\\s*", "");
    }
}
