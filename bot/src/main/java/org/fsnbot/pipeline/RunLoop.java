package org.fsnbot.pipeline;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import okhttp3.OkHttpClient;
import org.fsnbot.commands.CommandDesk;
import org.fsnbot.commands.CommandParser;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.intake.EpochMirror;
import org.fsnbot.intake.EpochReader;
import org.fsnbot.intake.FsnotifyRelevance;
import org.fsnbot.intake.InboxFollower;
import org.fsnbot.intake.LoreClient;
import org.fsnbot.intake.MaintainersFile;
import org.fsnbot.intake.MaintainersPatterns;
import org.fsnbot.intake.MaintainersPeople;
import org.fsnbot.intake.MalformedMailException;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchIds;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.intake.SeriesAssembler;
import org.fsnbot.intake.TreeWatcher;
import org.fsnbot.mail.Delivery;
import org.fsnbot.mail.ImapMailbox;
import org.fsnbot.plan.BaseResolver;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import org.fsnbot.store.CommandStore;
import org.fsnbot.store.IntakeLedger;
import org.fsnbot.store.WorkQueue;

/**
 * One cycle of `fsnbot run`: poll every inbox and watched branch, queue
 * what is new, then (unless queue-only) measure the queue. A failure of
 * one inbox or tree is logged and does not stop the others.
 */
public final class RunLoop {

    /** What one poll found. */
    public record PollReport(List<InboxFollower.PollStats> inboxes, SeriesQueuer.Result series, List<Long> trees,
            List<String> errors) {
        public PollReport {
            inboxes = List.copyOf(inboxes);
            trees = List.copyOf(trees);
            errors = List.copyOf(errors);
        }
    }

    private final RunConfig config;
    private final boolean queueOnly;
    private final InboxFollower follower;
    private final SeriesQueuer series;
    private final TreeQueuer trees;
    private final QueueWorker worker;
    private final IntakeLedger ledger;
    private final WorkQueue queue;
    private final CommandDesk desk;
    private final Optional<ImapMailbox> imap;
    private final CommandStore commands;
    private final Delivery delivery;
    private final MboxReader stagesReader;
    private final PrintStream log;

    public RunLoop(RunConfig config, PatchTestPipeline.Stages stages, Path home, boolean queueOnly, PrintStream log)
            throws IOException {
        this.config = config;
        this.queueOnly = queueOnly;
        this.log = log;
        this.ledger = stages.store().intake();
        this.stagesReader = stages.mboxReader();
        this.queue = stages.store().queue();
        OkHttpClient http = new OkHttpClient.Builder().connectTimeout(Duration.ofSeconds(20))
                .readTimeout(Duration.ofSeconds(120)).build();
        LoreClient lore = new LoreClient(http, new ObjectMapper(), stages.mboxReader());
        BaseResolver.Base first = config.bases().get(0);
        String maintainers = MaintainersFile.read(stages.trees().localRepository(first.tree()), first.rev());
        // Relevance and authority both come from the first base's MAINTAINERS, not from a list in our code.
        FsnotifyRelevance relevance = new FsnotifyRelevance(MaintainersPatterns.parse(maintainers,
                MaintainersPatterns.FSNOTIFY_ENTRIES));
        this.follower = new InboxFollower(lore, new EpochMirror(), new EpochReader(), stages.mboxReader(), relevance,
                home.resolve("lore"), log);
        CommandRunner runner = new CommandRunner();
        this.series = new SeriesQueuer(ledger, queue, new SeriesAssembler(), relevance, stages.mboxReader(), lore,
                config.allInboxUrl(), new PatchIds(runner, home.resolve("tmp")),
                new BaseResolver(stages.trees(), config.bases()), config.incompleteWait(), Clock.systemUTC(), log);
        this.trees = new TreeQueuer(stages.trees(), new TreeWatcher(), ledger, queue, log);
        this.worker = new QueueWorker(queue, ledger, stages.store().commands(), stages.trees(), stages.mboxReader(),
                new PatchTestPipeline(stages, home, log),
                Profile.load(config.profile()), Topology.parse(config.topology()), config.treeReportTo(),
                home.resolve("queue"), log);
        this.commands = stages.store().commands();
        this.delivery = stages.delivery();
        this.imap = config.mail().imap().configured() ? Optional.of(new ImapMailbox(config.mail().imap()))
                : Optional.empty();
        this.desk = new CommandDesk(stages.store(), stages.mboxReader(),
                MaintainersPeople.parse(maintainers, MaintainersPatterns.FSNOTIFY_ENTRIES), config.commands(),
                stages.renderer(), stages.composer(), delivery, config.from(), first.tree(),
                Profile.load(config.profile()), Topology.parse(config.topology()), Clock.systemUTC(), log);
    }

    /**
     * After a restart: work a killed process left running goes back to the
     * queue, and mail it was sending is settled (sent at most once more).
     */
    public int recover() throws SQLException {
        int n = queue.requeueRunning();
        if (n > 0) {
            log.printf("queue: %d unit(s) left running by a previous process requeued%n", n);
        }
        delivery.flush();
        return n;
    }

    public PollReport poll() throws SQLException {
        List<InboxFollower.PollStats> stats = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        for (InboxFollower.Inbox inbox : config.inboxes()) {
            try {
                InboxFollower.PollStats s = follower.poll(inbox, ledger);
                stats.add(s);
                log.printf("intake: %s: %d epoch(s), %d unchanged; %d new message(s), %d seen before, %d deleted,"
                        + " %d unparseable, %d fsnotify patch(es)%n", s.inbox(), s.epochs(), s.epochsUnchanged(),
                        s.messages() - s.duplicates() - s.deletions() - s.unparseable(), s.duplicates(),
                        s.deletions(), s.unparseable(), s.relevant());
            } catch (IOException | RuntimeException e) {
                errors.add(inbox.name() + ": " + e.getMessage());
                log.printf("intake: %s: %s (will retry next poll)%n", inbox.name(), e);
            }
        }
        List<Long> treeWork = new ArrayList<>();
        for (RunConfig.Watch w : config.watch()) {
            try {
                trees.poll(w).ifPresent(treeWork::add);
            } catch (IOException | RuntimeException e) {
                errors.add(w.tree() + " " + w.branch() + ": " + e.getMessage());
                log.printf("watch: %s %s: %s (will retry next poll)%n", w.tree(), w.branch(), e);
            }
        }
        if (imap.isPresent()) {
            try {
                readImap(imap.get());
            } catch (IOException | RuntimeException e) {
                errors.add("imap: " + e.getMessage());
                log.printf("commands: IMAP: %s (will retry next poll)%n", e);
            }
        }
        desk.answerPending();
        SeriesQueuer.Result queued;
        try {
            queued = series.queuePending();
        } catch (IOException | RuntimeException e) {
            errors.add("series: " + e.getMessage());
            log.printf("intake: queueing series: %s (will retry next poll)%n", e);
            queued = new SeriesQueuer.Result(List.of(), 0, 0, 0, 0, 0);
        }
        delivery.flush();
        return new PollReport(stats, queued, treeWork, errors);
    }

    /** New mail in our own mailbox: anything with a #fsnbot line is kept to be answered. */
    private void readImap(ImapMailbox box) throws IOException, SQLException {
        String name = config.mail().imap().user() + "@" + config.mail().imap().host() + "/"
                + config.mail().imap().folder();
        Optional<long[]> c = commands.imapCursor(name);
        ImapMailbox.Batch batch = box.since(c.map(v -> new ImapMailbox.Cursor(v[0], v[1])).orElse(null));
        int kept = 0;
        for (byte[] raw : batch.messages()) {
            try {
                PatchMail m = stagesReader.parse(raw);
                if (CommandParser.mentions(stagesReader.body(raw)) && commands.add(m.messageId(), "imap", raw)) {
                    kept++;
                }
            } catch (MalformedMailException e) {
                log.printf("commands: IMAP message skipped: %s%n", e.getMessage());
            }
        }
        commands.saveImapCursor(name, batch.next().uidValidity(), batch.next().lastUid());
        if (kept > 0) {
            log.printf("commands: %d mail(s) with #fsnbot lines from IMAP%n", kept);
        }
    }

    /** Measures everything queued, one unit at a time (nothing when the loop only queues), then mails. */
    public int drain() throws SQLException {
        int n = queueOnly ? 0 : worker.drain();
        delivery.flush();
        return n;
    }

    public int pollMinutes() {
        return config.pollMinutes();
    }
}
