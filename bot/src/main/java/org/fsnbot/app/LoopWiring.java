package org.fsnbot.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import okhttp3.OkHttpClient;
import org.fsnbot.build.TrustedTrees;
import org.fsnbot.commands.Authoriser;
import org.fsnbot.commands.Command;
import org.fsnbot.commands.CommandBook;
import org.fsnbot.commands.CommandDesk;
import org.fsnbot.commands.CommandHandler;
import org.fsnbot.commands.CommandServices;
import org.fsnbot.commands.CommandParser;
import org.fsnbot.commands.ImapCommands;
import org.fsnbot.commands.QueueEstimate;
import org.fsnbot.commands.ThreadResolver;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.git.Trees;
import org.fsnbot.intake.EpochMirror;
import org.fsnbot.intake.EpochReader;
import org.fsnbot.intake.FsnotifyRelevance;
import org.fsnbot.intake.InboxFollower;
import org.fsnbot.intake.LoreClient;
import org.fsnbot.intake.MaintainersFile;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchIds;
import org.fsnbot.intake.TreeWatcher;
import org.fsnbot.bisect.BisectMail;
import org.fsnbot.bisect.Bisector;
import org.fsnbot.job.JobRunner;
import org.fsnbot.mail.CommandReplies;
import org.fsnbot.mail.Delivery;
import org.fsnbot.mail.ImapMailbox;
import org.fsnbot.mail.MailSettings;
import org.fsnbot.mail.ReplyComposer;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseResolver;
import org.fsnbot.plan.HostTopology;
import org.fsnbot.report.ReplyRenderer;
import org.fsnbot.store.Store;
import org.fsnbot.store.WorkQueue;
import org.fsnbot.bisect.BisectUnits;
import org.fsnbot.job.UnitLease;
import org.fsnbot.work.JobPlanner;
import org.fsnbot.work.Prerequisites;
import org.fsnbot.work.QueueWorker;
import org.fsnbot.work.SeriesQueuer;
import org.fsnbot.work.ThreadCompleter;
import org.fsnbot.work.TreeQueuer;

/**
 * The part of the composition root only `fsnbot run` needs: the follower,
 * the queuers, the worker (bisections too) and the command desk, on the MAINTAINERS file of
 * the first configured base (relevance and authority both come from it,
 * not from a list in our code).
 */
final class LoopWiring {

    /**
     * Units a sender nobody vouched for may have waiting: enough for a
     * real newcomer's series and its next revisions, while ten thousand
     * patches of one stranger wait as patches, not as units ahead of anyone.
     */
    static final int MAX_WAITING_PER_STRANGER = 3;

    private final Config config;
    private final Store store;
    private final Trees trees;
    private final MboxReader reader;
    private final CommandRunner runner;
    private final Clock clock;
    private final UnitLease lease;

    LoopWiring(Config config, Store store, Trees trees, MboxReader reader, CommandRunner runner, Clock clock,
            UnitLease lease) {
        this.lease = lease;
        this.config = config;
        this.store = store;
        this.trees = trees;
        this.reader = reader;
        this.runner = runner;
        this.clock = clock;
    }

    RunLoop loop(JobRunner jobs, CommandReplies replies, ReplyComposer composer, Delivery delivery,
            RunLoop.Mode mode) throws IOException {
        Config.Sources sources = config.sources();
        if (sources.bases().isEmpty()) {
            throw new IllegalArgumentException("fsnbot run needs at least one base in the configuration");
        }
        Base first = sources.bases().get(0);
        LiveMaintainers maintainers = new LiveMaintainers(() -> MaintainersFile.read(trees.local(first.tree()),
                first.rev()), first.tree() + " " + first.rev(), clock);
        FsnotifyRelevance relevance = new FsnotifyRelevance(maintainers::patterns);
        OkHttpClient http = new OkHttpClient.Builder().connectTimeout(Duration.ofSeconds(20))
                .readTimeout(Duration.ofSeconds(120)).build();
        LoreClient lore = new LoreClient(http, new ObjectMapper(), reader);
        Home home = config.home();
        SeriesQueuer series = new SeriesQueuer(store.intake(), store.queue(), new ThreadCompleter(lore,
                sources.allInbox(), relevance, store.intake()), new Prerequisites(store.intake(), reader,
                        new PatchIds(runner, home.scratch())), new BaseResolver(trees, sources.bases(), sources.stableTree()),
                new SeriesQueuer.Settings(config.polling().incompleteWait(), Set.copyOf(
                        config.commands().trust().archive()), MAX_WAITING_PER_STRANGER, a -> maintainers.people()
                                .contains(a) || config.commands().allow().contains(a)), clock);
        QueueWorker worker = worker(jobs, replies, new BisectMail(new ReplyRenderer(), composer, delivery));
        Followed followed = new Followed(new InboxFollower(lore, new EpochMirror(), new EpochReader(), reader,
                relevance, home.mirrors()), store.intake(), sources.inboxes(), new TreeQueuer(trees, new TreeWatcher(),
                        store.intake(), store.queue(), store.trends(), clock), sources.watch(), imap(), maintainers);
        return new RunLoop(followed, desk(maintainers, first.tree(), replies), series, worker, delivery, mode,
                config.polling().pollMinutes());
    }

    /** What measures queued units: the single machine's drain and a fleet runner both. */
    QueueWorker worker(JobRunner jobs, CommandReplies replies, BisectMail bisectMail) {
        BisectSettings b = config.polling().bisect();
        TrustedTrees trusted = trustedTrees(config.sources());
        HostTopology host = HostTopology.readOrGuess();
        BisectUnits bisects = new BisectUnits(new Bisector(jobs, trees, runner, new TreeWatcher(), clock,
                b.buildScatterPct()), bisectMail, trees,
                config.jobs(), store.queue(), new BisectUnits.Settings(b.auto(), new Bisector.Budget(b.maxBoots(),
                        Duration.ofMinutes(b.maxMinutes())), trusted, host));
        return new QueueWorker(store.queue(), new JobPlanner(store.intake(), store.commands(), reader, trees,
                config.jobs(), new JobPlanner.Settings(config.mailing().treeReportTo(), config.home().queuedMboxes(),
                        trusted, host)), jobs, replies, store.trends(), new QueueWorker.Measurer(config.runner().identity(),
                        lease), bisects);
    }

    /** The trees the operator configured: the bases', the watched ones and the stable tree. */
    private static TrustedTrees trustedTrees(Config.Sources s) {
        List<String> t = new ArrayList<>();
        s.bases().forEach(b -> t.add(b.tree()));
        s.watch().forEach(w -> t.add(w.tree()));
        s.stableTree().ifPresent(t::add);
        return TrustedTrees.of(t);
    }

    private Optional<ImapCommands> imap() {
        MailSettings.Imap imap = config.mailing().settings().imap();
        if (!imap.configured()) {
            return Optional.empty();
        }
        return Optional.of(new ImapCommands(new ImapMailbox(imap), imap.user() + "@" + imap.host() + "/"
                + imap.folder(), store.commands(), reader));
    }

    private CommandDesk desk(LiveMaintainers maintainers, String defaultTree, CommandReplies replies) {
        WorkQueue queue = store.queue();
        QueueEstimate estimate = new QueueEstimate(queue, store.jobs());
        CommandHandler<Command> handlers = CommandBook.handlers(new CommandServices(queue, store.intake(),
                config.jobs(), estimate, config.commands().testUrlPrefixes(), defaultTree));
        Authoriser authoriser = new Authoriser(maintainers::people, config.commands(), store.commands(),
                store.intake(), reader, clock);
        return new CommandDesk(new CommandDesk.Parts(store.commands(), reader,
                new CommandParser(config.commands().maxRuns()), new ThreadResolver(store.mail(), queue), authoriser,
                handlers), replies, config.mailing().from());
    }
}
