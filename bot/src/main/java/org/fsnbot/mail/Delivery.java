package org.fsnbot.mail;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Every reply goes through here: it is encoded once, written to the
 * outbox as .eml, and recorded with its Message-ID and envelope before any
 * SMTP attempt. Sending is at most once more after a crash: an attempt is
 * recorded (sending) before it is made, and an attempt found recorded on
 * restart is only repeated when neither the archive nor our own mailbox
 * holds the Message-ID.
 */
public final class Delivery {

    private final Outbox outbox;
    private final MailLedger ledger;
    private final MailSettings settings;
    private final Optional<MailSender> sender;
    private final List<DeliveryCheck> checks;
    private final DeliveryHooks hooks;
    private final String ownAddress;
    private final PrintStream log;

    public Delivery(Outbox outbox, MailLedger ledger, MailSettings settings, Optional<MailSender> sender,
            List<DeliveryCheck> checks, DeliveryHooks hooks, String ownAddress, PrintStream log) {
        if (settings.sends() && sender.isEmpty()) {
            throw new IllegalArgumentException("smtp mode without a sender");
        }
        this.outbox = outbox;
        this.ledger = ledger;
        this.settings = settings;
        this.sender = sender;
        this.checks = List.copyOf(checks);
        this.hooks = hooks;
        this.ownAddress = ownAddress;
        this.log = log;
    }

    /**
     * Records a reply (and queues it for SMTP unless dry-run, quiet or
     * opted out); returns the .eml. A reply that found nothing is quiet
     * unless someone asked for it or the configuration wants them.
     */
    public Path post(Long jobId, Reply r, String kind, boolean nothingFound, boolean requested)
            throws IOException, SQLException {
        byte[] raw = outbox.toBytes(r);
        Path eml = outbox.write(r.messageId(), raw);
        String state;
        if (!settings.sends()) {
            state = "written";
        } else if (nothingFound && !requested && !settings.replyWhenNothingFound()) {
            state = "quiet";
        } else if (r.to().stream().anyMatch(a -> settings.optOutAuthors().contains(Addresses.bare(a)))) {
            state = "opted-out";
        } else {
            state = "pending";
        }
        ledger.record(jobId, r, kind, state, eml.toString(), raw, envelope(r));
        return eml;
    }

    /** Sends what is pending, and settles attempts a crash interrupted; returns how many went out. */
    public int flush() throws SQLException {
        if (sender.isEmpty()) {
            return 0;
        }
        int sent = 0;
        for (MailLedger.Unsent u : ledger.unsent()) {
            try {
                if (u.state().equals("sending")) {
                    if (alreadyDelivered(u.messageId())) {
                        ledger.sent(u.id(), "found delivered after a restart; not sent again");
                        log.printf("mail: %s was delivered before the restart; not sending it again%n",
                                u.messageId());
                        continue;
                    }
                    if (u.attempts() >= 2) {
                        ledger.failed(u.id(), "two attempts interrupted; not delivered anywhere we can see");
                        continue;
                    }
                }
                ledger.sending(u.id());
                hooks.at("before-send");
                sender.get().send(u.messageId(), u.raw(), u.envelope());
                hooks.at("after-accept");
                ledger.sent(u.id(), "accepted by " + "smtp");
                sent++;
            } catch (NotSentException e) {
                ledger.notSent(u.id());
                log.printf("mail: %s: %s (will retry)%n", u.messageId(), e.getMessage());
            } catch (IOException e) {
                // Left in sending: the next flush asks the archive and mailbox before trying again.
                log.printf("mail: %s: %s (will check, then retry once)%n", u.messageId(), e.getMessage());
            }
        }
        return sent;
    }

    private boolean alreadyDelivered(String messageId) {
        for (DeliveryCheck c : checks) {
            try {
                if (c.delivered(messageId)) {
                    return true;
                }
            } catch (IOException e) {
                log.printf("mail: cannot check %s: %s%n", messageId, e.getMessage());
            }
        }
        return false;
    }

    /** To and Cc, plus our own mailbox when bccSelf (the copy the restart check looks for). */
    private List<String> envelope(Reply r) {
        Set<String> out = new LinkedHashSet<>();
        for (String a : r.to()) {
            out.add(Addresses.bare(a));
        }
        for (String a : r.cc()) {
            out.add(Addresses.bare(a));
        }
        if (settings.bccSelf()) {
            out.add(Addresses.bare(ownAddress));
        }
        return new ArrayList<>(out);
    }
}
