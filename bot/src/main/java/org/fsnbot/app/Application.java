package org.fsnbot.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.fsnbot.build.Checkouts;
import org.fsnbot.build.KernelBuilder;
import org.fsnbot.disk.DiskKeeper;
import org.fsnbot.disk.Retention;
import org.fsnbot.disk.SpaceFloor;
import org.fsnbot.build.KernelConfig;
import org.fsnbot.build.PatchApplier;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.exec.Orphans;
import org.fsnbot.exec.OwnerMark;
import org.fsnbot.exec.Sandbox;
import org.fsnbot.git.Trees;
import org.fsnbot.image.BlockImage;
import org.fsnbot.image.GuestImages;
import org.fsnbot.image.InitramfsBuilder;
import org.fsnbot.image.WorkloadBinaries;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.job.ApplyPhase;
import org.fsnbot.intake.TreeWatcher;
import org.fsnbot.bisect.BisectMail;
import org.fsnbot.bisect.Bisector;
import org.fsnbot.job.BuildPhase;
import org.fsnbot.job.Calibrator;
import org.fsnbot.job.FirstUseCalibration;
import org.fsnbot.job.UnitLease;
import org.fsnbot.job.ImagePhase;
import org.fsnbot.job.JobDirectories;
import org.fsnbot.job.JobRunner;
import org.fsnbot.job.TreePublisher;
import org.fsnbot.pages.Site;
import org.fsnbot.job.RunnerName;
import org.fsnbot.job.MeasurePhase;
import org.fsnbot.job.NoiseFloors;
import org.fsnbot.job.Phases;
import org.fsnbot.job.ReplyPhase;
import org.fsnbot.job.ResolvePhase;
import org.fsnbot.job.ResultFiles;
import org.fsnbot.job.VerdictPhase;
import org.fsnbot.mail.CommandReplies;
import org.fsnbot.mail.Delivery;
import org.fsnbot.mail.ForeignMail;
import org.fsnbot.mail.DeliveryCheck;
import org.fsnbot.mail.DeliveryHooks;
import org.fsnbot.mail.ImapMailbox;
import org.fsnbot.mail.MailSettings;
import org.fsnbot.mail.Outbox;
import org.fsnbot.mail.ReplyComposer;
import org.fsnbot.mail.SmtpSender;
import org.fsnbot.report.JobFacts;
import org.fsnbot.report.ReplyRenderer;
import org.fsnbot.report.Versions;
import org.fsnbot.run.HostRunner;
import org.fsnbot.run.ResultParser;
import org.fsnbot.store.Store;
import org.fsnbot.stats.MetricPolicy;
import org.fsnbot.stats.Significance;
import org.fsnbot.testbed.Testbed;
import org.fsnbot.trend.WeeklyReporter;
import org.fsnbot.work.QueueWorker;
import okhttp3.HttpUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The composition root: every stage wired once, from the typed
 * configuration, for one machine (caches and the H2 database under home,
 * replies to the outbox, mail as configured). The CLI commands take what
 * they need from here and nothing else builds stages.
 *
 * Longer than 250 lines because it is that root: each part it makes is a
 * line or two of wiring, and spreading them over classes would only move
 * the wiring, not divide a responsibility.
 */
public final class Application implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Application.class);

    /** How long a KVM guest gets to prove it boots before we fall back to TCG. */

    private final Config config;
    private final Clock clock;
    private final CommandRunner runner = new CommandRunner();
    private final MboxReader reader = new MboxReader();
    private final Store store;
    private final Trees trees;
    private final ReplyComposer composer;
    private final Delivery delivery;
    /** Made at the first job: a coordinator never builds, so it needs no sandbox (nor gcc for its filter). */
    private Phases phases;
    private final Home home;
    private final Testbeds.Factory testbed;
    private final String ownerHome;
    private final String owner;
    private final Checkouts checkouts;
    private final Versions versions;
    /** This process's hold on the unit it measures: a fleet runner's watch loses it (FleetNode). */
    private final UnitLease lease = new UnitLease();
    private final DiskKeeper disk;

    private Application(Config config, DeliveryHooks hooks, Clock clock, Testbeds.Factory testbed, boolean looking)
            throws IOException {
        this.config = config;
        this.clock = clock;
        Config.StoreSettings db = config.deployment().store();
        Home home = looking ? config.home() : config.home().create();
        if (looking && !db.shared()) {
            NothingHere.requireStore(home);
        }
        this.store = db.shared() ? Store.postgres(db.url().orElseThrow(), db.user(), db.password(), db.poolSize(), clock)
                : Store.h2(home.database(), clock);
        this.home = home;
        this.testbed = testbed;
        // What this process starts is marked with its home and with this process itself (OwnerMark): only a
        // measuring process reaps (phases()), and only what a process that is gone left. On the fleet's store the
        // mark names the runner too, so a runner never reaps what another one on the same home runs.
        this.ownerHome = home.root().toAbsolutePath().normalize() + (db.shared() ? "#" + runnerName().name() : "");
        this.owner = OwnerMark.ofThisProcess(ownerHome).value();
        this.checkouts = new Checkouts(home.root(), runner);
        this.trees = new Trees(home.root());
        Config.Mailing mailing = config.mailing();
        MailSettings mail = mailing.settings();
        this.composer = new ReplyComposer(mailing.from(), mail.etiquette());
        // Only on the fleet's shared store can another login (a runner) record mail this process sends.
        ForeignMail foreign = store.shared() ? new VouchedRecipients(store.intake(), store.commands(), reader, mailing)
                : ForeignMail.NOBODY;
        this.delivery = new Delivery(new Outbox(home.outbox()), store.mail(), mail,
                mail.sends() ? Optional.of(new SmtpSender(mail.smtp())) : Optional.empty(),
                new Delivery.Guards(deliveryChecks(mail), hooks, foreign), mailing.from());
        this.versions = Versions.ofThisBuild(WorkloadBinaries.sourcesVersion());
        // Files age on the machine's clock; a job's end is recorded on this process's (a test's may be fixed).
        this.disk = new DiskKeeper(new Retention(new Retention.Places(home.jobs(), KernelBuilder.builds(home.root())),
                id -> store.jobRecords().summary(id).map(s -> new Retention.JobState(true, s.times().finished()
                        .map(f -> java.time.Duration.between(f, clock.instant())))).orElse(Retention.JobState.UNKNOWN),
                config.polling().disk(), runner, Clock.systemUTC()), new SpaceFloor(home.root(),
                        config.polling().disk().minFreeBytes()), Clock.systemUTC());
    }

    /** The home's housekeeping: retention of kept files and the free-space floor (docs/fleet.md "Disk"). */
    public DiskKeeper disk() {
        return disk;
    }

    /** The mark (OwnerMark) every step this process starts carries: its home and this process. */
    public String stepMark() {
        return owner;
    }

    /** Which fsnbot and workloads this process measures with (every reply, JSON and export says). */
    public Versions versions() {
        return versions;
    }

    public static Application open(Config config, DeliveryHooks hooks) throws IOException {
        return open(config, hooks, Clock.systemUTC());
    }

    /** As open, on another clock (the tests' fixed one: rate limits and estimates depend on the time). */
    public static Application open(Config config, DeliveryHooks hooks, Clock clock) throws IOException {
        return open(config, hooks, clock, Testbeds.QEMU);
    }

    /** As open, with another testbed backend measuring the jobs. */
    public static Application open(Config config, DeliveryHooks hooks, Clock clock, Testbeds.Factory testbed)
            throws IOException {
        return new Application(config, hooks, clock, testbed, false);
    }

    /**
     * fsnbot for a command that only looks or changes the store (jobs,
     * show, queue, health, pages, serve, an operator's drain): it makes no
     * home and no database (NothingHere when the single machine's are not
     * there yet), reaps nothing, and never starts a measurement.
     */
    public static Application look(Config config) throws IOException {
        return new Application(config, DeliveryHooks.NONE, Clock.systemUTC(), Testbeds.QEMU, true);
    }

    /** A mail the list archive shows was delivered; so was one whose Bcc copy is in our mailbox. */
    private List<DeliveryCheck> deliveryChecks(MailSettings mail) {
        List<DeliveryCheck> checks = new ArrayList<>();
        checks.add(id -> store.intake().seen(id));
        if (mail.imap().configured()) {
            checks.add(new ImapMailbox(mail.imap()));
        }
        return checks;
    }

    /**
     * Sets up what measuring needs (the sandbox, its seccomp filter compiled
     * with gcc): a process that measures calls it at start, so that a
     * missing tool stops it there and not at its first unit.
     */
    public void readyToMeasure() throws IOException {
        try {
            phases();
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private synchronized Phases phases() {
        if (phases == null) {
            try {
                reapLeftovers();
                phases = phases(SandboxChoice.of(config.sandbox(), runner, owner, home.root().resolve("sandbox")));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return phases;
    }

    private Phases phases(Sandbox sandbox) throws IOException {
        KernelBuilder builder = new KernelBuilder(home.root(), runner, sandbox);
        GuestImages images = new GuestImages(new WorkloadBinaries(home.root(), runner),
                new InitramfsBuilder(InitramfsBuilder.DEFAULT_BUSYBOX), new BlockImage(runner));
        JobFacts.Confinement confinement = new JobFacts.Confinement(sandbox.describe(), sandbox.confines());
        return new Phases(new ResolvePhase(trees, confinement),
                new ApplyPhase(checkouts, new PatchApplier(runner, sandbox), builder, trees),
                new BuildPhase(builder, KernelConfig.builtin(), checkouts), new ImagePhase(images),
                measurePhase(testbed.make(new Testbeds.Parts(config, home, sandbox, images, runner))),
                new VerdictPhase(), new ReplyPhase(new ReplyRenderer(), composer, delivery,
                        config.mailing().regzbot(), lease));
    }

    private MeasurePhase measurePhase(Testbed bed) {
        return new MeasurePhase(bed, new MeasurePhase.ThisRunner(runnerName(), new NoiseFloors(store.calibrations(),
                runnerName()), new FirstUseCalibration(bed, store.jobs(), store.calibrations(), runnerName(),
                config.runner().calibrationPairs(), clock), store.runners().qualifications()));
    }

    /**
     * Kills what a killed fsnbot on this home left running: only a process
     * about to measure does it (before its first step), and only what a
     * process that is gone started, so a look from another process, or a
     * second measuring process on the same home, disturbs nothing.
     */
    private void reapLeftovers() throws IOException {
        List<Long> reaped = new Orphans(ownerHome).reap();
        if (!reaped.isEmpty()) {
            log.warn("killed {} process(es) a fsnbot on {} that is gone left running: {}", reaped.size(),
                    ownerHome, reaped);
        }
    }

    /** The workload binaries and the host runner, for `fsnbot bench --host`: no store, no mail. */
    public static HostBench hostBench(Home home) {
        CommandRunner runner = new CommandRunner();
        return new HostBench(new WorkloadBinaries(home.root(), runner), new HostRunner(runner, new ResultParser()),
                runner);
    }

    /** What `fsnbot bench --host` runs with. */
    public record HostBench(WorkloadBinaries workloads, HostRunner runner, CommandRunner commands) {
    }

    public Config config() {
        return config;
    }

    /** Releases the store (the database file), for a process that hands the home to another. */
    @Override
    public void close() {
        store.close();
    }

    public Store store() {
        return store;
    }

    public Delivery delivery() {
        return delivery;
    }

    public ReplyComposer composer() {
        return composer;
    }

    public MboxReader mboxReader() {
        return reader;
    }

    public JobRunner jobRunner() {
        JobRunner.Dirs dirs = new JobRunner.Dirs(config.home().root(), new JobDirectories(config.home().jobs(),
                runner));
        return new JobRunner(this::phases, store.jobs(), checkouts, dirs, new ResultFiles(new ReplyRenderer(),
                new ObjectMapper(), config.mailing().publicUrl(), versions, new TreePublisher(runner,
                        config.deployment().publishing().remote(), config.deployment().publishing().branchPrefix()),
                id -> site().writeJob(id)), runnerName(), clock);
    }

    /** fsnbot's pages for people: static under <home>/www, or made now for `fsnbot serve`. */
    public Site site() {
        return new Site(new Site.Where(store, config.home().www(), config.home().jobs(), runnerName().name(),
                config.deployment().fleet().checkinSeconds()), clock);
    }

    public Calibrator calibrator() {
        return new Calibrator(phases(), store, config.home().root(), clock, runnerName());
    }

    /** Bisections on this runner (docs/bisect.md), each step a job of its own. */
    public Bisector bisector() {
        return new Bisector(jobRunner(), trees, runner, new TreeWatcher(), clock,
                config.polling().bisect().buildScatterPct());
    }

    /** Where a bisection's report goes: its own thread, to the culprit's author and the maintainers. */
    public BisectMail bisectMail() {
        return new BisectMail(new ReplyRenderer(), composer, delivery);
    }

    /** The local repository of a tree, for what is read from it (MAINTAINERS, commit subjects). */
    public java.nio.file.Path localTree(String tree) throws IOException {
        return trees.local(tree);
    }

    /** The clock every time this process records is read from. */
    public Clock clock() {
        return clock;
    }

    /** Which runner this process is: what its jobs, calibrations and history points are filed under. */
    public RunnerName runnerName() {
        return config.runner().identity();
    }

    /** This process's hold on the unit it measures (UnitLease): a fleet runner's watch loses it. */
    public UnitLease lease() {
        return lease;
    }

    /** What measures queued units, as the single machine's drain does (a fleet runner's FleetWorker uses it). */
    public QueueWorker queueWorker() {
        return new LoopWiring(config, store, trees, reader, runner, clock, lease).worker(jobRunner(), commandReplies(),
                bisectMail());
    }

    /** The weekly trend report over this store's history, judged on the default profile's verdict metrics. */
    public WeeklyReporter weeklyReporter() {
        Config.Weekly w = config.mailing().weekly();
        MetricPolicy headline = MetricPolicy.forProfile(config.jobs().profile(), Significance.ALPHA);
        return WeeklyReporter.create(store, trees, headline::inVerdict, composer, delivery,
                new WeeklyReporter.Settings(w.to(), config.home().www(), w.publicUrl().map(HttpUrl::toString)),
                clock);
    }

    /** The weekly report as the scheduler fires it: a failure is logged, and the next firing tries again. */
    public Runnable weeklyCatchUp() {
        WeeklyReporter reporter = weeklyReporter();
        return () -> {
            try {
                reporter.catchUp();
            } catch (IOException | RuntimeException e) {
                log.warn("weekly report: {} (will try again at the next firing)", e.toString(), e);
            }
        };
    }

    /** `fsnbot run`'s loop: needs at least one configured base (its MAINTAINERS says what fsnotify is). */
    public RunLoop runLoop(boolean queueOnly) throws IOException {
        return new LoopWiring(config, store, trees, reader, runner, clock, lease).loop(jobRunner(), commandReplies(),
                composer, delivery, new RunLoop.Mode(queueOnly, disk));
    }

    private CommandReplies commandReplies() {
        return new CommandReplies(new ReplyRenderer(), composer, delivery);
    }
}
