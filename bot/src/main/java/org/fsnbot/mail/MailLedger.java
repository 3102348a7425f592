package org.fsnbot.mail;

import java.sql.SQLException;
import java.util.List;

/**
 * Where every outgoing mail is recorded before anything is sent, and
 * what happened to it. Implemented by the store; declared here so mail
 * does not depend on a later stage.
 */
public interface MailLedger {

    /** A recorded mail not yet known to be delivered. */
    record Unsent(long id, String messageId, byte[] raw, List<String> envelope, String state, int attempts) {
        public Unsent {
            raw = raw.clone();
            envelope = List.copyOf(envelope);
        }

        @Override
        public byte[] raw() {
            return raw.clone();
        }
    }

    /** Records a mail (with its bytes and envelope) in a state; returns its row id. */
    long record(Long jobId, Reply r, String kind, String state, String emlPath, byte[] raw, List<String> envelope)
            throws SQLException;

    /** Mails in state pending or sending, oldest first. */
    List<Unsent> unsent() throws SQLException;

    /** Marks the start of an SMTP attempt, durably, before it is made. */
    void sending(long id) throws SQLException;

    /** The attempt certainly did not reach the server: back to pending, the attempt not counted. */
    void notSent(long id) throws SQLException;

    void sent(long id, String detail) throws SQLException;

    void failed(long id, String detail) throws SQLException;
}
