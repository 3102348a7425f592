package org.fsnbot.commands;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.fsnbot.intake.MalformedMailException;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.intake.Addresses;
import org.fsnbot.intake.AutoSubmitted;
import org.fsnbot.mail.CommandReplies;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.report.CommandAnswer;
import org.fsnbot.store.CommandOutcome;
import org.fsnbot.store.CommandStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers the #fsnbot commands of stored mails, syzbot style: commands are
 * taken from replies on fsnbot's own threads or mail addressed to it, from
 * the people allowed, within the limits; every command gets an answer in
 * the thread (accepted with what will run and when, done, refused, or an
 * error quoting the line with the help).
 */
public final class CommandDesk {

    private static final Logger log = LoggerFactory.getLogger(CommandDesk.class);

    private final CommandStore mails;
    private final MboxReader reader;
    private final CommandParser parser;
    private final ThreadResolver threads;
    private final Authoriser authoriser;
    private final CommandHandler<Command> handlers;
    private final CommandReplies replies;
    private final String ownAddress;

    /** The desk's collaborators: where the mails are, and how commands are parsed, placed, allowed and handled. */
    public record Parts(CommandStore mails, MboxReader reader, CommandParser parser, ThreadResolver threads,
            Authoriser authoriser, CommandHandler<Command> handlers) {
    }

    public CommandDesk(Parts parts, CommandReplies replies, String ownAddress) {
        this.mails = parts.mails();
        this.reader = parts.reader();
        this.parser = parts.parser();
        this.threads = parts.threads();
        this.authoriser = parts.authoriser();
        this.handlers = parts.handlers();
        this.replies = replies;
        this.ownAddress = Addresses.bare(ownAddress);
    }

    /** Answers every stored mail not yet answered; returns how many mails held commands. */
    public int answerPending() {
        int n = 0;
        for (CommandStore.Stored s : mails.pending()) {
            try {
                if (answer(s)) {
                    n++;
                }
            } catch (Throwable e) {
                // One hostile mail must not stop the others being answered.
                mails.done(s.messageId(), "not answered: " + e);
                log.warn("{}: {}", s.messageId(), e.toString());
            }
        }
        return n;
    }

    private boolean answer(CommandStore.Stored s) throws MalformedMailException, IOException {
        PatchMail m = reader.parse(s.raw());
        Sender from = authoriser.sender(s, m);
        String sender = from.address();
        if (sender.equals(ownAddress)) {
            mails.done(s.messageId(), "our own mail");
            return false;
        }
        CommandParser.Parsed parsed = parser.parse(reader.body(s.raw()));
        CommandThread thread = threads.resolve(m);
        boolean addressed = m.to().stream().map(Addresses::bare).anyMatch(ownAddress::equals)
                || m.cc().stream().map(Addresses::bare).anyMatch(ownAddress::equals);
        if (parsed.isEmpty() || (!thread.ours() && !addressed)) {
            mails.done(s.messageId(), parsed.isEmpty() ? "no command" : "not on our thread nor addressed to us");
            return false;
        }
        Optional<String> automatic = AutoSubmitted.why(s.raw());
        if (automatic.isPresent()) {
            // RFC 3834: an automatic mail gets no automatic answer, or two bots answer each other for ever.
            mails.done(s.messageId(), "not answered: " + automatic.get());
            log.info("{} from {}: {}, not answered", s.messageId(), sender, automatic.get());
            return false;
        }
        if (!authoriser.mayAnswer(from, thread)) {
            // Over the answers limit: nothing runs and nothing is sent, or the limit would not bound mail.
            mails.done(s.messageId(), "not answered: over the answers limit");
            log.warn("{} from {}: over the answers limit, not answered", s.messageId(), sender);
            return false;
        }
        List<CommandAnswer.Item> items = new ArrayList<>();
        int index = 0;
        for (Command c : parsed.commands()) {
            index++;
            CommandThread about = c.thread().map(threads::named).orElse(thread);
            handle(c, new CommandHandler.Context(m, index, about, authoriser.standing(from)), from)
                    .ifPresent(items::add);
        }
        for (CommandParser.Error e : parsed.errors()) {
            items.add(new CommandAnswer.Item(e.line(), CommandAnswer.Outcome.ERROR, "refused-line", e.why()));
            mails.log(sender, e.line(), CommandOutcome.ERROR);
        }
        String answered = "no answer";
        if (!items.isEmpty()) {
            boolean helpAsked = parsed.commands().stream().anyMatch(c -> c instanceof Command.Help);
            Optional<Path> sent = replies.answer(m, new CommandAnswer(items, helpAsked), ReplyKind.COMMAND,
                    from.authenticated() ? Optional.of(sender) : Optional.empty());
            if (sent.isPresent()) {
                // Counted when sent: an answer that went nowhere uses up no one's limit.
                mails.log(sender, "(answer)", authoriser.answered(from, thread));
            }
            answered = sent.isPresent() ? items.size() + " answer(s)"
                    : "answers not sent: a stranger's mail to no list fsnbot writes to";
        }
        mails.done(s.messageId(), answered);
        log.info("{} from {}{}: {} command(s), {} error(s); {}", s.messageId(), sender,
                from.authenticated() ? " (authenticated)" : " (stranger)", parsed.commands().size(),
                parsed.errors().size(), answered);
        return true;
    }

    private Optional<CommandAnswer.Item> handle(Command c, CommandHandler.Context ctx, Sender from)
            throws MalformedMailException {
        String sender = from.address();
        Optional<Authoriser.Refusal> refusal = authoriser.check(c, from, ctx.thread());
        if (refusal.isPresent()) {
            Authoriser.Refusal r = refusal.get();
            mails.log(sender, c.line(), r.logged());
            return r.silent() ? Optional.empty()
                    : Optional.of(new CommandAnswer.Item(c.line(), CommandAnswer.Outcome.REFUSED, r.template(),
                            r.values()));
        }
        CommandAnswer.Item item = handlers.handle(c, ctx);
        CommandOutcome outcome = CommandOutcome.valueOf(item.outcome().name().toUpperCase(Locale.ROOT));
        mails.log(sender, c.line(), outcome == CommandOutcome.ACCEPTED ? authoriser.accepted(from) : outcome);
        return Optional.of(item);
    }
}
