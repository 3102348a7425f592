package org.fsnbot.app;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.fsnbot.intake.Addresses;
import org.fsnbot.intake.MalformedMailException;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.mail.ForeignMail;
import org.fsnbot.mail.MailLedger;
import org.fsnbot.store.CommandStore;
import org.fsnbot.store.IntakeLedger;

/**
 * A coordinator's answer to whom a runner's mail may go (ForeignMail):
 * the lists fsnbot writes to, the configured report addresses, fsnbot
 * itself, and the people of the thread the mail answers, as the
 * coordinator's own intake keeps that thread's mails (their From,
 * Reply-To, To and Cc): never an address only the runner's row names.
 * A report on a patch reaches its author and its thread; a runner that
 * names anyone else reaches the lists at most.
 */
final class VouchedRecipients implements ForeignMail {

    /** How many of the mail's References are looked up: the thread's root and nearest are enough. */
    private static final int MAX_REFERENCES = 64;

    private final IntakeLedger intake;
    private final CommandStore commands;
    private final MboxReader reader;
    private final Set<String> always;

    VouchedRecipients(IntakeLedger intake, CommandStore commands, MboxReader reader, Config.Mailing mailing) {
        this.intake = intake;
        this.commands = commands;
        this.reader = reader;
        Set<String> a = new LinkedHashSet<>();
        mailing.settings().etiquette().lists().forEach(x -> a.add(Addresses.bare(x)));
        mailing.treeReportTo().forEach(x -> a.add(Addresses.bare(x)));
        mailing.weekly().to().forEach(x -> a.add(Addresses.bare(x)));
        a.add(Addresses.bare(mailing.from()));
        this.always = Set.copyOf(a);
    }

    @Override
    public List<String> vouched(MailLedger.Unsent mail) {
        Set<String> allowed = new LinkedHashSet<>(always);
        try {
            PatchMail m = reader.parse(mail.raw());
            List<String> refs = m.references();
            for (String id : refs.subList(Math.max(0, refs.size() - MAX_REFERENCES), refs.size())) {
                Optional<byte[]> raw = intake.rawIfKept(id).or(() -> commands.raw(id));
                if (raw.isPresent()) {
                    people(reader.parse(raw.get()), allowed);
                }
            }
        } catch (MalformedMailException | RuntimeException e) {
            // A mail that does not parse answers no thread we know: the lists at most.
        }
        List<String> out = new ArrayList<>();
        for (String a : mail.envelope()) {
            if (allowed.contains(Addresses.bare(a))) {
                out.add(a);
            }
        }
        return out;
    }

    private static void people(PatchMail m, Set<String> into) {
        into.add(Addresses.bare(m.from()));
        if (m.replyTo() != null) {
            into.add(Addresses.bare(m.replyTo()));
        }
        m.to().forEach(a -> into.add(Addresses.bare(a)));
        m.cc().forEach(a -> into.add(Addresses.bare(a)));
    }
}
