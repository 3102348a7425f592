package org.fsnbot.commands;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.fsnbot.intake.AuthenticationResults;
import org.fsnbot.intake.MaintainersPeople;
import org.fsnbot.intake.MalformedMailException;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.intake.Addresses;
import org.fsnbot.store.CommandOutcome;
import org.fsnbot.store.CommandStore;
import org.fsnbot.store.IntakeLedger;
import org.fsnbot.store.Work;

/**
 * Who may command fsnbot, and how often. help and status are for anyone;
 * the M: and R: people of the fsnotify entries and the allowlist may run
 * every command; a patch's author may ask for reruns on their own thread;
 * all three only when a trusted server authenticated the sender (a From:
 * line alone is anyone's). Measuring commands are limited per sender and
 * overall per hour, and so are answers of every kind.
 */
public final class Authoriser {

    /** Why a command is not run: how it is logged, whether it is answered, and the answer's template. */
    public record Refusal(CommandOutcome logged, boolean silent, String template, Map<String, Object> values) {
        public Refusal {
            values = Map.copyOf(values);
        }
    }

    private final Supplier<MaintainersPeople> people;
    private final CommandSettings settings;
    private final CommandStore log;
    private final IntakeLedger ledger;
    private final MboxReader reader;
    private final Clock clock;

    /** people: the fsnotify M: and R: people as they are now (MAINTAINERS may be read after start). */
    public Authoriser(Supplier<MaintainersPeople> people, CommandSettings settings, CommandStore log, IntakeLedger ledger,
            MboxReader reader, Clock clock) {
        this.people = people;
        this.settings = settings;
        this.log = log;
        this.ledger = ledger;
        this.reader = reader;
        this.clock = clock;
    }

    /** Who sent a stored command mail: its From, authenticated or not by a server trusted for its source. */
    public Sender sender(CommandStore.Stored s, PatchMail m) {
        Optional<String> vouched = AuthenticationResults.authenticatedFrom(s.raw(), settings.trust()
                .forSource(s.source()));
        return vouched.map(a -> new Sender(a, true)).orElseGet(() -> new Sender(Addresses.bare(m.from()), false));
    }

    /** Why this sender's command on this thread is not run, if it is not. */
    public Optional<Refusal> check(Command c, Sender sender, CommandThread thread) throws MalformedMailException {
        if (!authorized(c, sender, thread)) {
            return Optional.of(new Refusal(CommandOutcome.REFUSED, settings.refuseSilently(), "refused",
                    Map.of("stranger", !sender.authenticated())));
        }
        return c.measures() ? overLimit(sender.address(), accepted(sender)) : Optional.empty();
    }

    /**
     * Whether another answer to this sender on this thread would go over
     * the answers limit (then none is sent). Each role has its own pool of
     * commands.answers (answered): maintainers (MAINTAINERS' M: and R:
     * people and the allowlist, authenticated), a series' authors on their
     * own thread (authenticated), other authenticated senders (any webmail
     * account is DKIM-signed), and strangers; no number of others' mails
     * can use up the answers a maintainer, or an author about their own
     * series, gets.
     */
    public boolean mayAnswer(Sender sender, CommandThread thread) throws MalformedMailException {
        Instant hourAgo = clock.instant().minus(Duration.ofHours(1));
        CommandSettings.Limits l = settings.answers();
        CommandOutcome pool = answered(sender, thread);
        return log.answeredSince(pool, sender.address(), hourAgo) < l.perSenderPerHour()
                && log.answeredSince(pool, null, hourAgo) < l.globalPerHour();
    }

    /** How an answer sent for this sender on this thread is logged: the pool of their role it is counted in. */
    public CommandOutcome answered(Sender sender, CommandThread thread) throws MalformedMailException {
        if (!sender.authenticated()) {
            return CommandOutcome.ANSWERED_STRANGER;
        }
        if (maintainer(sender)) {
            return CommandOutcome.ANSWERED;
        }
        return ownThread(sender, thread) ? CommandOutcome.ANSWERED_AUTHOR : CommandOutcome.ANSWERED_SIGNED;
    }

    /**
     * How a measuring command accepted for this sender is logged: the
     * maintainers' pool, or the authors' (a series' author rerunning their
     * own, who is no maintainer), so authors' reruns never fill the
     * measuring a maintainer asks for.
     */
    public CommandOutcome accepted(Sender sender) {
        return maintainer(sender) ? CommandOutcome.ACCEPTED : CommandOutcome.ACCEPTED_AUTHOR;
    }

    /**
     * Where what this sender's command queues stands: a maintainer's (or
     * reviewer's, or allowlisted address's) first; anyone else who may
     * queue at all is a series' author on their own thread, whose reruns
     * stand with authors' series, so authors rerunning cannot delay a
     * maintainer's command.
     */
    public org.fsnbot.store.Asker.Standing standing(Sender sender) {
        return maintainer(sender) ? org.fsnbot.store.Asker.Standing.MAINTAINER : org.fsnbot.store.Asker.Standing.OWN;
    }

    /** Whether sender is an authenticated maintainer, reviewer or allowlisted address: the maintainers' pools. */
    private boolean maintainer(Sender sender) {
        return sender.authenticated() && (people.get().contains(sender.address())
                || settings.allow().contains(sender.address()));
    }

    private boolean authorized(Command c, Sender sender, CommandThread thread) throws MalformedMailException {
        if (c.access() == Command.Access.ANYONE) {
            return true;
        }
        if (!sender.authenticated()) {
            return false;
        }
        String a = sender.address();
        if (people.get().contains(a) || settings.allow().contains(a)) {
            return true;
        }
        return c.access() == Command.Access.MAINTAINERS_AND_AUTHOR && ownThread(sender, thread);
    }

    /** Whether the thread's unit measures a series sender (authenticated) wrote. */
    private boolean ownThread(Sender sender, CommandThread thread) throws MalformedMailException {
        return sender.authenticated() && thread.work().isPresent()
                && sender.address().equals(author(thread.work().get()));
    }

    /** The author of the series a unit measures: the From of its last patch. */
    private String author(Work w) throws MalformedMailException {
        List<String> ids = w.messageIds();
        if (ids.isEmpty()) {
            return "";
        }
        return Addresses.bare(reader.parse(ledger.raw(List.of(ids.get(ids.size() - 1))).get(0)).from());
    }

    private Optional<Refusal> overLimit(String sender, CommandOutcome pool) {
        Instant hourAgo = clock.instant().minus(Duration.ofHours(1));
        String later = DateTimeFormatter.ofPattern("HH:mm").withZone(ZoneOffset.UTC)
                .format(clock.instant().plus(Duration.ofHours(1)));
        CommandSettings.Limits l = settings.measuring();
        if (log.acceptedSince(sender, hourAgo) >= l.perSenderPerHour()) {
            return Optional.of(new Refusal(CommandOutcome.LIMITED, false, "over-sender-limit",
                    Map.of("limit", l.perSenderPerHour(), "later", later)));
        }
        if (log.acceptedSince(pool, hourAgo) >= l.globalPerHour()) {
            return Optional.of(new Refusal(CommandOutcome.LIMITED, false, "over-global-limit",
                    Map.of("limit", l.globalPerHour(), "later", later)));
        }
        return Optional.empty();
    }
}
