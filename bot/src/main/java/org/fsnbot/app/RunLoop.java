package org.fsnbot.app;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.fsnbot.commands.CommandDesk;
import org.fsnbot.disk.DiskKeeper;
import org.fsnbot.mail.Delivery;
import org.fsnbot.schedule.RunScheduler;
import org.fsnbot.work.QueueWorker;
import org.fsnbot.work.SeriesQueuer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One cycle of `fsnbot run`: read every inbox, watched branch and the
 * IMAP mailbox, queue what is new, answer commands, then (unless
 * queue-only) measure the queue, one unit at a time, and mail. Before
 * reading or measuring, the home's disk is kept (DiskKeeper): below its
 * floor of free space nothing new is read or measured (what waits in the
 * inboxes and the queue stays there), while commands already read are
 * still answered and mail still goes.
 */
public final class RunLoop {

    private static final Logger log = LoggerFactory.getLogger(RunLoop.class);

    /** What one poll found. */
    public record PollReport(SeriesQueuer.Result series, List<Long> trees, List<String> errors) {
        public PollReport {
            trees = List.copyOf(trees);
            errors = List.copyOf(errors);
        }
    }

    private final Followed followed;
    private final CommandDesk desk;
    private final SeriesQueuer series;
    private final QueueWorker worker;
    private final Delivery delivery;
    private final Mode mode;
    private final int pollMinutes;

    /** Whether the loop only queues (a coordinator, run --queue-only), and the disk it keeps. */
    public record Mode(boolean queueOnly, DiskKeeper disk) {
        public Mode {
            Objects.requireNonNull(disk);
        }
    }

    RunLoop(Followed followed, CommandDesk desk, SeriesQueuer series, QueueWorker worker, Delivery delivery,
            Mode mode, int pollMinutes) {
        this.followed = followed;
        this.desk = desk;
        this.series = series;
        this.worker = worker;
        this.delivery = delivery;
        this.mode = mode;
        this.pollMinutes = pollMinutes;
    }

    /**
     * After a restart: work a killed process left running goes back to the
     * queue, and mail it was sending is settled (sent at most once more).
     */
    public int recover() {
        int n = worker.recover();
        delivery.flush();
        return n;
    }

    public PollReport poll() {
        Optional<String> full = mode.disk().tidy();
        if (full.isPresent()) {
            desk.answerPending();
            delivery.flush();
            return new PollReport(SeriesQueuer.Result.NOTHING, List.of(), List.of("intake paused: " + full.get()));
        }
        Followed.Read read = followed.read();
        List<String> errors = new ArrayList<>(read.errors());
        SeriesQueuer.Result queued;
        try {
            queued = series.queuePending();
        } catch (IOException | RuntimeException e) {
            errors.add("series: " + e.getMessage());
            log.warn("queueing series: {} (will retry next poll)", e.toString());
            queued = SeriesQueuer.Result.NOTHING;
        }
        // After queuing: a status asked on a patch posted in this same poll sees its unit.
        desk.answerPending();
        delivery.flush();
        return new PollReport(queued, read.treeWork(), errors);
    }

    /** Measures everything queued, one unit at a time (nothing when the loop only queues), then mails. */
    public int drain() {
        int n = mode.queueOnly() ? 0 : worker.drain(() -> mode.disk().tidy().isEmpty());
        delivery.flush();
        return n;
    }

    /** The loop as Quartz drives it: a poll every pollMinutes, a measurement pass after each. */
    public RunScheduler.Cycle cycle() {
        return new RunScheduler.Cycle(this::poll, this::drain, pollMinutes);
    }
}
