package org.fsnbot.mail;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Where every outgoing mail is recorded before anything is sent, and
 * what happened to it. Implemented by the store; declared here so mail
 * does not depend on a later stage.
 */
public interface MailLedger {

    /**
     * A mail as recorded: the reply, what it is, its state, the .eml, the
     * encoded bytes, the envelope, and the sender (bare From) of the mail it
     * answers, or null for a mail that answers none of a sender's.
     */
    record Outgoing(Reply reply, ReplyKind kind, MailState state, Path eml, byte[] raw, List<String> envelope,
            String answers) {
        public Outgoing {
            Objects.requireNonNull(reply);
            Objects.requireNonNull(kind);
            Objects.requireNonNull(state);
            raw = raw.clone();
            envelope = List.copyOf(envelope);
        }

        public Outgoing(Reply reply, ReplyKind kind, MailState state, Path eml, byte[] raw, List<String> envelope) {
            this(reply, kind, state, eml, raw, envelope, null);
        }

        @Override
        public byte[] raw() {
            return raw.clone();
        }
    }

    /**
     * A recorded mail not yet known to be delivered; foreign when another
     * login of a shared store recorded it (a fleet runner): then nothing it
     * names (its envelope, whom it answers) is taken at its word.
     */
    record Unsent(long id, String messageId, byte[] raw, List<String> envelope, MailState state, int attempts,
            boolean foreign) {
        public Unsent {
            raw = raw.clone();
            envelope = List.copyOf(envelope);
        }

        @Override
        public byte[] raw() {
            return raw.clone();
        }
    }

    /** Records a mail; jobId is null for mail that reports on no job (command answers). Returns its row id. */
    long record(Long jobId, Outgoing mail);

    /** How many mails recorded in the last hour answer mails of sender (Outgoing.answers), kept or sent. */
    int answeredLastHour(String sender);

    /** Mails in state pending or sending, oldest first. */
    List<Unsent> unsent();

    /** Marks the start of an SMTP attempt, durably, before it is made. */
    void sending(long id);

    /** The attempt certainly did not reach the server: back to pending, the attempt not counted. */
    void notSent(long id);

    void sent(long id, String detail);

    void failed(long id, String detail);
}
