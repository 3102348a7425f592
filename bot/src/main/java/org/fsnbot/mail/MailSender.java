package org.fsnbot.mail;

import java.io.IOException;
import java.util.List;

/** Hands an encoded mail to a mail server for the envelope recipients. */
public interface MailSender {
    void send(String messageId, byte[] raw, List<String> envelope) throws IOException;
}
