package org.fsnbot.mail;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.fsnbot.intake.Addresses;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every reply goes through here: it is encoded once, written to the
 * outbox as .eml, and recorded with its Message-ID and envelope before any
 * SMTP attempt. Sending is at most once more after a crash: an attempt is
 * recorded (sending) before it is made, and an attempt found recorded on
 * restart is only repeated when neither the archive nor our own mailbox
 * holds the Message-ID.
 */
public final class Delivery {

    private static final Logger log = LoggerFactory.getLogger(Delivery.class);

    /**
     * Whether a reply has news: asked-for replies always go out, found ones
     * only when they found something; outbox-only mail is written and kept,
     * never sent (a weekly report nobody was configured to get).
     */
    public record Audience(boolean nothingFound, boolean requested, boolean outboxOnly, String answers) {
        public static final Audience ASKED = new Audience(false, true, false);
        public static final Audience OUTBOX_ONLY = new Audience(false, false, true);

        public Audience(boolean nothingFound, boolean requested, boolean outboxOnly) {
            this(nothingFound, requested, outboxOnly, null);
        }

        public Audience(boolean nothingFound, boolean requested) {
            this(nothingFound, requested, false);
        }

        /** The same audience, for a reply under a mail of sender (bounded per sender and hour). */
        public Audience answering(String sender) {
            return new Audience(nothingFound, requested, outboxOnly, Addresses.bare(sender));
        }
    }

    /**
     * What stands between a recorded mail and SMTP: the checks that find a
     * mail delivered after a crash, the test hooks, and what a foreign mail
     * (ForeignMail) may be sent to.
     */
    public record Guards(List<DeliveryCheck> checks, DeliveryHooks hooks, ForeignMail foreign) {
        public Guards {
            checks = List.copyOf(checks);
        }
    }

    private final Outbox outbox;
    private final MailLedger ledger;
    private final MailSettings settings;
    private final Optional<MailSender> sender;
    private final Guards guards;
    private final String ownAddress;

    public Delivery(Outbox outbox, MailLedger ledger, MailSettings settings, Optional<MailSender> sender,
            Guards guards, String ownAddress) {
        if (settings.sends() && sender.isEmpty()) {
            throw new IllegalArgumentException("smtp mode without a sender");
        }
        this.outbox = outbox;
        this.ledger = ledger;
        this.settings = settings;
        this.sender = sender;
        this.guards = guards;
        this.ownAddress = ownAddress;
    }

    /**
     * Records a reply (and queues it for SMTP unless dry-run, quiet or
     * opted out); returns the .eml. A reply that found nothing is quiet
     * unless someone asked for it or the configuration wants them.
     */
    public Path post(Long jobId, Reply r, ReplyKind kind, Audience audience) throws IOException {
        byte[] raw = outbox.toBytes(r);
        Path eml = outbox.write(r.messageId(), raw);
        ledger.record(jobId, new MailLedger.Outgoing(r, kind, state(r, audience), eml, raw, envelope(r),
                audience.answers()));
        return eml;
    }

    private MailState state(Reply r, Audience audience) {
        MailSettings.Etiquette e = settings.etiquette();
        if (!settings.sends() || audience.outboxOnly()) {
            return MailState.WRITTEN;
        }
        if (audience.nothingFound() && !audience.requested() && !e.replyWhenNothingFound()) {
            return MailState.QUIET;
        }
        if (r.to().stream().anyMatch(a -> e.optOutAuthors().contains(Addresses.bare(a)))) {
            return MailState.OPTED_OUT;
        }
        if (audience.answers() != null && ledger.answeredLastHour(audience.answers()) >= e.maxRepliesPerSenderHour()) {
            log.warn("{}: kept in the outbox, not sent: mails of {} were answered {} times in the last hour"
                    + " (mail.maxRepliesPerSenderHour)", r.messageId(), audience.answers(),
                    e.maxRepliesPerSenderHour());
            return MailState.QUIET;
        }
        return MailState.PENDING;
    }

    /** Sends what is pending, and settles attempts a crash interrupted; returns how many went out. */
    public int flush() {
        if (sender.isEmpty()) {
            return 0;
        }
        int sent = 0;
        for (MailLedger.Unsent u : ledger.unsent()) {
            if (u.state() == MailState.SENDING && settledAfterRestart(u)) {
                continue;
            }
            List<String> envelope = u.envelope();
            if (u.foreign()) {
                envelope = guards.foreign().vouched(u);
                if (envelope.isEmpty()) {
                    ledger.failed(u.id(), "not sent: recorded by another login, and to nobody this coordinator"
                            + " vouches for");
                    log.error("OPERATOR: {} was recorded by another login of the store (a runner?) for {}, none"
                            + " of whom this coordinator knows for it; not sent", u.messageId(), u.envelope());
                    continue;
                }
                if (!envelope.equals(u.envelope())) {
                    log.warn("{}: recorded by another login for {}; sent only to {}", u.messageId(), u.envelope(),
                            envelope);
                }
            }
            try {
                ledger.sending(u.id());
                guards.hooks().at("before-send");
                sender.get().send(u.messageId(), u.raw(), envelope);
                guards.hooks().at("after-accept");
                ledger.sent(u.id(), "accepted by smtp");
                sent++;
            } catch (NotSentException e) {
                ledger.notSent(u.id());
                log.warn("{}: {} (will retry)", u.messageId(), e.getMessage());
            } catch (IOException e) {
                // Left in sending: the next flush asks the archive and mailbox before trying again.
                log.warn("{}: {} (will check, then retry once)", u.messageId(), e.getMessage());
            }
        }
        return sent;
    }

    /** An attempt a crash interrupted: true when it is now settled (found delivered, or given up). */
    private boolean settledAfterRestart(MailLedger.Unsent u) {
        if (alreadyDelivered(u.messageId())) {
            ledger.sent(u.id(), "found delivered after a restart; not sent again");
            log.info("{} was delivered before the restart; not sending it again", u.messageId());
            return true;
        }
        if (u.attempts() >= 2) {
            ledger.failed(u.id(), "two attempts interrupted; not delivered anywhere we can see");
            return true;
        }
        return false;
    }

    private boolean alreadyDelivered(String messageId) {
        for (DeliveryCheck c : guards.checks()) {
            try {
                if (c.delivered(messageId)) {
                    return true;
                }
            } catch (IOException e) {
                log.warn("cannot check {}: {}", messageId, e.getMessage());
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
        if (settings.etiquette().bccSelf()) {
            out.add(Addresses.bare(ownAddress));
        }
        return new ArrayList<>(out);
    }
}
