package org.fsnbot.commands;

import java.io.IOException;
import java.io.PrintStream;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.fsnbot.intake.MaintainersPeople;
import org.fsnbot.intake.MalformedMailException;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.mail.Addresses;
import org.fsnbot.mail.Delivery;
import org.fsnbot.mail.Reply;
import org.fsnbot.mail.ReplyComposer;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.RunOptions;
import org.fsnbot.plan.Topology;
import org.fsnbot.report.CommandAnswer;
import org.fsnbot.report.CommandAnswer.Outcome;
import org.fsnbot.report.ReplyRenderer;
import org.fsnbot.store.CommandStore;
import org.fsnbot.store.IntakeLedger;
import org.fsnbot.store.Store;
import org.fsnbot.store.WorkQueue;

/**
 * Answers the #fsnbot commands of stored mails, syzbot style: commands are
 * taken from replies on fsnbot's own threads or mail addressed to it, from
 * the people allowed, within the limits; every command gets an answer in
 * the thread (accepted with what will run and when, done, refused, or an
 * error quoting the line with the help).
 */
public final class CommandDesk {

    private final Store store;
    private final CommandStore mails;
    private final WorkQueue queue;
    private final IntakeLedger ledger;
    private final MboxReader reader;
    private final CommandParser parser;
    private final MaintainersPeople people;
    private final CommandSettings settings;
    private final ReplyRenderer renderer;
    private final ReplyComposer composer;
    private final Delivery delivery;
    private final String ownAddress;
    private final String defaultTree;
    private final Profile defaultProfile;
    private final Topology defaultTopology;
    private final Clock clock;
    private final PrintStream log;

    public CommandDesk(Store store, MboxReader reader, MaintainersPeople people, CommandSettings settings,
            ReplyRenderer renderer, ReplyComposer composer, Delivery delivery, String ownAddress, String defaultTree,
            Profile defaultProfile, Topology defaultTopology, Clock clock, PrintStream log) {
        this.store = store;
        this.mails = store.commands();
        this.queue = store.queue();
        this.ledger = store.intake();
        this.reader = reader;
        this.parser = new CommandParser(settings.maxRuns());
        this.people = people;
        this.settings = settings;
        this.renderer = renderer;
        this.composer = composer;
        this.delivery = delivery;
        this.ownAddress = Addresses.bare(ownAddress);
        this.defaultTree = defaultTree;
        this.defaultProfile = defaultProfile;
        this.defaultTopology = defaultTopology;
        this.clock = clock;
        this.log = log;
    }

    /** Answers every stored mail not yet answered; returns how many mails held commands. */
    public int answerPending() throws SQLException {
        int n = 0;
        for (CommandStore.Stored s : mails.pending()) {
            try {
                if (answer(s)) {
                    n++;
                }
            } catch (MalformedMailException | IOException | RuntimeException e) {
                mails.done(s.messageId(), "not answered: " + e.getMessage());
                log.printf("commands: %s: %s%n", s.messageId(), e);
            }
        }
        return n;
    }

    /** The thread a command mail is about: the work fsnbot did for it, if any. */
    private record Thread(boolean ours, Optional<WorkQueue.Work> work) {
    }

    private boolean answer(CommandStore.Stored s) throws SQLException, MalformedMailException, IOException {
        PatchMail m = reader.parse(s.raw());
        String sender = Addresses.bare(m.from());
        if (sender.equals(ownAddress)) {
            mails.done(s.messageId(), "our own mail");
            return false;
        }
        CommandParser.Parsed parsed = parser.parse(reader.body(s.raw()));
        Thread thread = thread(m);
        boolean addressed = m.to().stream().map(Addresses::bare).anyMatch(ownAddress::equals)
                || m.cc().stream().map(Addresses::bare).anyMatch(ownAddress::equals);
        if (parsed.isEmpty() || (!thread.ours() && !addressed)) {
            mails.done(s.messageId(), parsed.isEmpty() ? "no command" : "not on our thread nor addressed to us");
            return false;
        }
        List<CommandAnswer.Item> items = new ArrayList<>();
        boolean helpAsked = false;
        int index = 0;
        for (Command c : parsed.commands()) {
            index++;
            Optional<CommandAnswer.Item> item = handle(c, index, m, sender, thread);
            item.ifPresent(items::add);
            helpAsked |= c instanceof Command.Help;
        }
        for (CommandParser.Error e : parsed.errors()) {
            items.add(new CommandAnswer.Item(e.line(), Outcome.ERROR, List.of("Not run: " + e.reason() + ".")));
            mails.log(sender, e.line(), "error");
        }
        if (!items.isEmpty()) {
            String body = renderer.commandAnswer(new CommandAnswer(items), helpAsked);
            Reply reply = composer.compose(m, body);
            delivery.post(null, reply, "COMMAND", false, true);
        }
        mails.done(s.messageId(), items.size() + " answer(s)");
        log.printf("commands: %s from %s: %d command(s), %d error(s)%n", s.messageId(), sender,
                parsed.commands().size(), parsed.errors().size());
        return true;
    }

    private Optional<CommandAnswer.Item> handle(Command c, int index, PatchMail m, String sender, Thread thread)
            throws SQLException, MalformedMailException, IOException {
        if (!authorized(c, sender, thread)) {
            mails.log(sender, c.line(), "refused");
            if (settings.refuseSilently()) {
                return Optional.empty();
            }
            return Optional.of(new CommandAnswer.Item(c.line(), Outcome.REFUSED, List.of(
                    "Sorry, not run: fsnbot takes this command from the fsnotify, fanotify",
                    "and inotify maintainers and reviewers in MAINTAINERS, from its",
                    "allowlist, and from a patch's author for reruns on their own thread.")));
        }
        if (c.measures()) {
            Optional<List<String>> limit = overLimit(sender);
            if (limit.isPresent()) {
                mails.log(sender, c.line(), "limited");
                return Optional.of(new CommandAnswer.Item(c.line(), Outcome.REFUSED, limit.get()));
            }
        }
        CommandAnswer.Item item;
        if (c instanceof Command.Rerun r) {
            item = rerun(r, index, m, thread);
        } else if (c instanceof Command.Test t) {
            item = test(t, index, m, thread);
        } else if (c instanceof Command.Compare k) {
            item = compare(k, index, m, thread);
        } else if (c instanceof Command.Cancel x) {
            item = cancel(x, thread);
        } else if (c instanceof Command.Status x) {
            item = status(x, thread);
        } else {
            item = new CommandAnswer.Item(c.line(), Outcome.DONE, List.of("The commands fsnbot understands are"
                    + " below."));
        }
        mails.log(sender, c.line(), item.outcome() == Outcome.ACCEPTED ? "accepted" : item.outcome().name()
                .toLowerCase(Locale.ROOT));
        return Optional.of(item);
    }

    private boolean authorized(Command c, String sender, Thread thread) throws SQLException,
            MalformedMailException {
        if (c instanceof Command.Help || c instanceof Command.Status) {
            return true;
        }
        if (people.contains(sender) || settings.allow().contains(sender)) {
            return true;
        }
        return c instanceof Command.Rerun && thread.work().isPresent()
                && sender.equals(author(thread.work().get()));
    }

    private String author(WorkQueue.Work w) throws SQLException, MalformedMailException {
        List<String> ids = w.messageIds();
        if (ids.isEmpty()) {
            return "";
        }
        for (byte[] raw : ledger.raw(List.of(ids.get(ids.size() - 1)))) {
            return Addresses.bare(reader.parse(raw).from());
        }
        return "";
    }

    private Optional<List<String>> overLimit(String sender) throws SQLException {
        Instant hourAgo = clock.instant().minus(Duration.ofHours(1));
        String later = DateTimeFormatter.ofPattern("HH:mm").withZone(ZoneOffset.UTC)
                .format(clock.instant().plus(Duration.ofHours(1)));
        if (mails.acceptedSince(sender, hourAgo) >= settings.perSenderPerHour()) {
            return Optional.of(List.of("Not run: you already asked for " + settings.perSenderPerHour()
                    + " runs in the last hour (the limit).", "Please try again after " + later + " UTC."));
        }
        if (mails.acceptedSince(null, hourAgo) >= settings.globalPerHour()) {
            return Optional.of(List.of("Not run: fsnbot took " + settings.globalPerHour()
                    + " runs in the last hour (its limit).", "Please try again after " + later + " UTC."));
        }
        return Optional.empty();
    }

    private CommandAnswer.Item rerun(Command.Rerun r, int index, PatchMail m, Thread thread) throws SQLException {
        Optional<WorkQueue.Work> w = thread.work().filter(x -> x.kind() == WorkQueue.Kind.SERIES);
        if (w.isEmpty()) {
            return error(r, "this thread is not about a series fsnbot tested, so there is nothing to rerun");
        }
        RunOptions options = new RunOptions(r.workloads(), r.runs().orElse(0), r.profile().orElse(""),
                r.topology().orElse(""), false, r.line());
        Profile p;
        try {
            p = options.apply(defaultProfile);
        } catch (IllegalArgumentException | IOException e) {
            return error(r, e.getMessage());
        }
        WorkQueue.Work base = w.get();
        Optional<Long> id = queue.enqueueRequested(WorkQueue.Kind.SERIES, "rerun " + m.messageId() + " " + index,
                base.title(), base.revision(), base.messageIds(), base.prerequisiteIds(), base.tree(), base.baseRev(),
                base.baseReason(), null, options.toJson(), m.messageId());
        List<String> what = new ArrayList<>();
        what.add("Accepted: a rerun of \"" + shorten(base.title(), 50) + "\"");
        what.add("on " + shorten(base.baseRev(), 40) + ", profile " + p.name() + ", " + p.bootsPerKernel()
                + " boots per kernel" + (p.maxBootsPerKernel() > p.bootsPerKernel() ? " (up to "
                        + p.maxBootsPerKernel() + ")" : "") + ",");
        what.add("topology " + options.topology(defaultTopology) + ", workloads:");
        what.addAll(commaLines(p.workloads().stream().map(x -> x.name()).distinct().toList(), 70));
        return accepted(r, id, what);
    }

    private CommandAnswer.Item test(Command.Test t, int index, PatchMail m, Thread thread) throws SQLException {
        if (thread.work().isEmpty()) {
            return error(t, "test needs a thread fsnbot tested, for the base to compare with");
        }
        WorkQueue.Work w = thread.work().get();
        Optional<Long> id = queue.enqueueRequested(WorkQueue.Kind.TREE, "test " + m.messageId() + " " + index,
                t.url() + " " + t.rev(), 1, List.of(), List.of(), t.url(), baseCommit(w), "merge base", t.rev(),
                new RunOptions(List.of(), 0, "", "", true, t.line()).toJson(), m.messageId());
        return accepted(t, id, List.of("Accepted: " + shorten(t.rev(), 40) + " of " + shorten(t.url(), 50) + ",",
                "against its merge base with " + shorten(baseCommit(w), 40) + "."));
    }

    private CommandAnswer.Item compare(Command.Compare k, int index, PatchMail m, Thread thread)
            throws SQLException {
        String tree = thread.work().map(WorkQueue.Work::tree).orElse(defaultTree);
        Optional<Long> id = queue.enqueueRequested(WorkQueue.Kind.TREE, "compare " + m.messageId() + " " + index,
                k.base() + ".." + k.head(), 1, List.of(), List.of(), tree, k.base(), "named in the command",
                k.head(), new RunOptions(List.of(), 0, "", "", false, k.line()).toJson(), m.messageId());
        return accepted(k, id, List.of("Accepted: " + shorten(k.head(), 30) + " against " + shorten(k.base(), 30)
                + " in", shorten(tree, 70) + "."));
    }

    private CommandAnswer.Item cancel(Command.Cancel x, Thread thread) throws SQLException {
        List<Long> queued = threadWork(thread).stream().filter(w -> w.state().equals("queued"))
                .map(WorkQueue.Work::id).toList();
        int n = queue.cancel(queued, "cancelled by #fsnbot cancel");
        return new CommandAnswer.Item(x.line(), Outcome.DONE, List.of(n == 0 ? "Nothing of this thread was queued."
                : "Cancelled " + n + " queued run" + (n == 1 ? "" : "s") + " of this thread."));
    }

    private CommandAnswer.Item status(Command.Status x, Thread thread) throws SQLException {
        List<String> text = new ArrayList<>();
        for (WorkQueue.Work w : threadWork(thread)) {
            String where = w.state().equals("queued") ? ", " + queue.position(w.id()) + " ahead of it" : "";
            text.add(shorten("#" + w.id() + " " + w.kind().name().toLowerCase(Locale.ROOT) + " " + w.state() + where
                    + (w.detail() == null ? "" : ": " + w.detail()), 78));
        }
        if (text.isEmpty()) {
            text.add("fsnbot has nothing queued or done for this thread.");
        }
        return new CommandAnswer.Item(x.line(), Outcome.DONE, text);
    }

    private List<WorkQueue.Work> threadWork(Thread thread) throws SQLException {
        if (thread.work().isEmpty()) {
            return List.of();
        }
        return queue.touching(thread.work().get().messageIds());
    }

    private CommandAnswer.Item accepted(Command c, Optional<Long> id, List<String> what) throws SQLException {
        if (id.isEmpty()) {
            return new CommandAnswer.Item(c.line(), Outcome.DONE, List.of("Already queued from this mail."));
        }
        int ahead = queue.position(id.get());
        double perJob = store.medianJobMinutes().orElse(10);
        List<String> text = new ArrayList<>(what);
        text.add(ahead == 0 ? String.format("Queued as #%d, next in line.", id.get())
                : String.format("Queued as #%d with %d unit%s ahead: it should start in about %d min.", id.get(),
                        ahead, ahead == 1 ? "" : "s", Math.round(ahead * perJob)));
        text.add(String.format("A run takes about %d min here (the median of recent jobs); the result", Math.round(
                perJob)));
        text.add("will be a reply to this mail.");
        return new CommandAnswer.Item(c.line(), Outcome.ACCEPTED, text);
    }

    private static CommandAnswer.Item error(Command c, String why) {
        return new CommandAnswer.Item(c.line(), Outcome.ERROR, List.of("Not run: " + why + "."));
    }

    /** The base the thread's series was tested on. */
    private static String baseCommit(WorkQueue.Work w) {
        return w.baseRev();
    }

    /** Our own thread: the mail answers one of our replies (or a patch whose work we did), nearest first. */
    private Thread thread(PatchMail m) throws SQLException {
        boolean ours = false;
        Optional<WorkQueue.Work> work = Optional.empty();
        List<String> refs = new ArrayList<>(m.references());
        java.util.Collections.reverse(refs);
        List<WorkQueue.Work> all = queue.all();
        for (String ref : refs) {
            Optional<Long> job = store.mail().jobOf(ref);
            if (job.isPresent()) {
                ours = true;
                if (work.isEmpty() && job.get() >= 0) {
                    work = queue.byJob(job.get());
                }
                if (work.isEmpty()) {
                    work = all.stream().filter(w -> ref.equals(w.answerTo())).findFirst();
                }
            }
            if (work.isEmpty()) {
                work = all.stream().filter(w -> WorkQueue.touches(w, List.of(ref))).findFirst();
            }
        }
        return new Thread(ours, work);
    }

    /** A comma list in lines of at most width columns, indented two. */
    static List<String> commaLines(List<String> items, int width) {
        List<String> out = new ArrayList<>();
        StringBuilder line = new StringBuilder("  ");
        for (int i = 0; i < items.size(); i++) {
            String item = items.get(i) + (i + 1 < items.size() ? "," : ".");
            if (line.length() > 2 && line.length() + 1 + item.length() > width) {
                out.add(line.toString());
                line = new StringBuilder("  ");
            }
            line.append(line.length() > 2 ? " " : "").append(item);
        }
        out.add(line.toString());
        return out;
    }

    private static String shorten(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 3) + "...";
    }
}
