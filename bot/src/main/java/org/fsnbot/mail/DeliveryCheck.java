package org.fsnbot.mail;

import java.io.IOException;

/**
 * Whether a mail we may have sent already arrived somewhere we can look:
 * the list archive we follow, or our own mailbox (which gets a Bcc copy of
 * everything we send). Asked before a send that a crash interrupted is
 * repeated.
 */
@FunctionalInterface
public interface DeliveryCheck {
    boolean delivered(String messageId) throws IOException;
}
