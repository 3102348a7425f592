package org.fsnbot.commands;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.fsnbot.intake.MaintainersPatterns;
import org.fsnbot.intake.MaintainersPeople;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.intake.PatchSeries;
import org.fsnbot.mail.CommandReplies;
import org.fsnbot.mail.Delivery;
import org.fsnbot.mail.DeliveryHooks;
import org.fsnbot.mail.ForeignMail;
import org.fsnbot.mail.MailSettings;
import org.fsnbot.mail.Outbox;
import org.fsnbot.mail.Reply;
import org.fsnbot.mail.ReplyComposer;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.plan.JobDefaults;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import org.fsnbot.report.ReplyRenderer;
import org.fsnbot.store.JobStore;
import org.fsnbot.store.Store;
import org.fsnbot.store.WorkItem;
import org.fsnbot.store.WorkState;
import org.fsnbot.store.WorkTarget;
import org.fsnbot.testing.MiniTree;
import org.fsnbot.testing.TestClock;

/**
 * The command desk's world in a temporary store, without mail servers: a
 * patch fsnbot tested and reported on, the MiniTree maintainers, a clock
 * the test moves, and the desk wired as the application wires it.
 */
final class DeskFixture implements AutoCloseable {

    static final String BOT = "fsnbot@fsnbot.test";
    static final String PATCH = "<faster-1@example.org>";
    static final String MAINT = "Jan Maintainer <maint@example.org>";
    static final String AUTHOR = "Dev <dev@example.org>";
    static final String STRANGER = "Stranger <stranger@example.org>";

    final TestClock clock = new TestClock(Instant.parse("2026-11-30T12:00:00Z"));
    final MboxReader reader = new MboxReader();
    final Store store;
    static final String LIST = "linux-fsdevel@x.org";
    /** The mail server the fixture's settings trust, for the archive and for fsnbot's mailbox. */
    static final String MX = "mx.x.org";

    final ReplyComposer composer = new ReplyComposer("fsnbot <" + BOT + ">", new MailSettings.Etiquette("fsnbot.test",
            List.of(), List.of(), false, true, List.of(LIST), 20));
    final Delivery delivery;
    final PatchMail patch;
    final long work;
    final String report;

    DeskFixture(Path tmp) throws Exception {
        store = Store.h2(tmp.resolve("db/fsnbot"), clock);
        delivery = new Delivery(new Outbox(tmp.resolve("outbox")), store.mail(), MailSettings.dryRun(),
                Optional.empty(), new Delivery.Guards(List.of(), DeliveryHooks.NONE, ForeignMail.NOBODY),
                "fsnbot <" + BOT + ">");
        patch = reader.parse(MiniTree.patch(PATCH, AUTHOR, "[PATCH] fsnotify: make it faster")
                .getBytes(StandardCharsets.UTF_8));
        store.intake().addFetched("fsdevel", patch, true);
        work = store.queue().enqueue(WorkItem.found("series " + PATCH + " v1", "fsnotify: make it faster",
                new WorkTarget.Series(1, List.of(PATCH), List.of(), "dev@example.org fsnotify: x"),
                new Base("/srv/linux", "v6.12", BaseReason.of(BaseReason.Kind.NAMED_IN_COMMAND))))
                .orElseThrow();
        JobStore jobs = store.jobs();
        long job = jobs.createJob(jobs.saveSeries(new PatchSeries(Optional.empty(), List.of(patch))), "/srv/linux",
                "v6.12", "quick", Topology.DEFAULT.toString());
        store.queue().claimNext();
        store.queue().finish(work, WorkState.DONE, job, "REPORT: regression");
        Reply r = composer.compose(patch, "Hi,\n\nREGRESSION\n");
        delivery.post(job, r, ReplyKind.REPORT, new Delivery.Audience(false, false));
        report = r.messageId();
    }

    Authoriser authoriser(CommandSettings settings) {
        MaintainersPeople people = MaintainersPeople.parse(MiniTree.MAINTAINERS, MaintainersPatterns.FSNOTIFY_ENTRIES);
        return new Authoriser(() -> people,
                settings, store.commands(), store.intake(), reader, clock);
    }

    CommandDesk desk(CommandSettings settings) throws Exception {
        QueueEstimate estimate = new QueueEstimate(store.queue(), store.jobs());
        CommandHandler<Command> handlers = CommandBook.handlers(new CommandServices(store.queue(), store.intake(),
                new JobDefaults(Profile.load("quick"), Topology.DEFAULT), estimate, settings.testUrlPrefixes(),
                "/srv/linux"));
        return new CommandDesk(new CommandDesk.Parts(store.commands(), reader, new CommandParser(settings.maxRuns()),
                new ThreadResolver(store.mail(), store.queue()), authoriser(settings), handlers),
                new CommandReplies(new ReplyRenderer(), composer, delivery), "fsnbot <" + BOT + ">");
    }

    /** The defaults, trusting the fixture's mail server. */
    static CommandSettings settings(boolean refuseSilently) {
        CommandSettings d = CommandSettings.defaults();
        return new CommandSettings(d.allow(), refuseSilently, d.measuring(), d.answers(), d.maxRuns(),
                new CommandSettings.Trust(List.of(MX), List.of(MX)), d.testUrlPrefixes());
    }

    /**
     * A mail as raw bytes, its sender authenticated by the trusted server:
     * to fsnbot when toBot, in reply to inReplyTo (none when null).
     */
    static byte[] mail(String from, String id, boolean toBot, String inReplyTo, String body) {
        String domain = from.replaceAll(".*@([^>]+)>?.*", "$1");
        return forged(from, id, toBot, inReplyTo, body, "Authentication-Results: " + MX + "; dkim=pass header.d="
                + domain, "Received: from mail." + domain + " by " + MX);
    }

    /** The same without any authentication result: From could be anyone's. */
    static byte[] forged(String from, String id, boolean toBot, String inReplyTo, String body, String... trace) {
        List<String> lines = new ArrayList<>(List.of(trace));
        lines.addAll(List.of("From: " + from, "To: " + (toBot ? "fsnbot <" + BOT + ">" : LIST),
                "Subject: Re: [PATCH] fsnotify: make it faster", "Message-ID: " + id,
                inReplyTo == null ? "X-None: none" : "In-Reply-To: " + inReplyTo,
                inReplyTo == null ? "X-None: none" : "References: " + PATCH + " " + inReplyTo, "", body, ""));
        return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
    }

    PatchMail parsed(byte[] raw) throws Exception {
        return reader.parse(raw);
    }

    /** How many mails fsnbot wrote in reply to this one. */
    long answers(String messageId) {
        return store.count("outgoing_mail", "in_reply_to = ?", messageId);
    }

    @Override
    public void close() {
        store.close();
    }
}
