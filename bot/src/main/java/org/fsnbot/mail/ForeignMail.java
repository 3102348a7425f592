package org.fsnbot.mail;

import java.util.List;

/**
 * Whom a mail another login of the shared store recorded (a fleet runner,
 * MailLedger.Unsent.foreign) may be sent to: only the addresses this
 * process vouches for from what it knows itself (the thread the mail
 * answers, as its own intake recorded it; the lists; the configured
 * report addresses and maintainers), never the envelope the row names.
 */
@FunctionalInterface
public interface ForeignMail {

    /** Nobody: a process that should never see foreign mail (the single machine). */
    ForeignMail NOBODY = mail -> List.of();

    /** The part of the mail's envelope this process vouches for; empty when none. */
    List<String> vouched(MailLedger.Unsent mail);
}
