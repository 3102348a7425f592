package org.fsnbot.work;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.IsoFields;
import java.util.Optional;
import org.fsnbot.git.Trees;
import org.fsnbot.intake.TreeWatcher;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.store.IntakeLedger;
import org.fsnbot.store.TrendHistory;
import org.fsnbot.store.WorkItem;
import org.fsnbot.store.WorkQueue;
import org.fsnbot.store.WorkTarget;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Queues a watched branch's new head for measurement against the last
 * head measured, when some new commit touches fsnotify's paths. The first
 * look only records the head: there is nothing to compare it with.
 */
public final class TreeQueuer {

    private static final Logger log = LoggerFactory.getLogger(TreeQueuer.class);

    /** A watched branch. */
    public record Watch(String tree, String branch) {
        public Watch {
            if (tree == null || tree.isBlank() || branch == null || branch.isBlank()) {
                throw new IllegalArgumentException("watch: each entry needs tree and branch");
            }
        }
    }

    private final Trees trees;
    private final TreeWatcher watcher;
    private final IntakeLedger ledger;
    private final WorkQueue queue;
    private final TrendHistory history;
    private final Clock clock;

    public TreeQueuer(Trees trees, TreeWatcher watcher, IntakeLedger ledger, WorkQueue queue, TrendHistory history,
            Clock clock) {
        this.history = history;
        this.clock = clock;
        this.trees = trees;
        this.watcher = watcher;
        this.ledger = ledger;
        this.queue = queue;
    }

    /** Looks at one branch; returns the queued work's id, if any. */
    public Optional<Long> poll(Watch w) throws IOException {
        Path repo = trees.local(w.tree());
        String head = watcher.head(repo, w.branch())
                .orElseThrow(() -> new IOException(w.tree() + ": no branch " + w.branch()));
        Optional<IntakeLedger.TreeHead> known = ledger.treeHead(w.tree(), w.branch());
        if (known.isEmpty()) {
            ledger.saveTreeHead(w.tree(), w.branch(), new IntakeLedger.TreeHead(head, head));
            log.info("{} {}: first look, baseline {}", w.tree(), w.branch(), head.substring(0, 12));
            return Optional.empty();
        }
        if (known.get().lastSeen().equals(head)) {
            return heartbeat(w, head);
        }
        TreeWatcher.Scan scan = watcher.scan(repo, w.branch(), known.get().lastSeen());
        String tested = known.get().lastTested();
        if (scan.touchingFsnotify().isEmpty()) {
            ledger.saveTreeHead(w.tree(), w.branch(), new IntakeLedger.TreeHead(head, tested));
            log.info("{} {}: {} new commit(s), none touches fsnotify", w.tree(), w.branch(), scan.commits().size());
            return heartbeat(w, head);
        }
        WorkItem item = WorkItem.found("tree " + w.tree() + " " + w.branch() + " " + tested + ".." + head,
                line(w), new WorkTarget.Revision(head),
                new Base(w.tree(), tested, BaseReason.of(BaseReason.Kind.LAST_TESTED_HEAD, w.branch())));
        Optional<Long> id = queue.enqueue(item);
        ledger.saveTreeHead(w.tree(), w.branch(), new IntakeLedger.TreeHead(head, head));
        log.info("{} {}: {} of {} new commit(s) touch fsnotify ({}); queued {}..{}", w.tree(), w.branch(),
                scan.touchingFsnotify().size(), scan.commits().size(), scan.touchingFsnotify().get(0).subject(),
                tested.substring(0, 12), head.substring(0, 12));
        return id;
    }

    /** How long a watched branch may go unmeasured before its head is measured again as it is. */
    public static final Duration HEARTBEAT = Duration.ofDays(7);

    /**
     * The weekly heartbeat: a branch measured HEARTBEAT ago or longer (or
     * never, and quiet that long) has its head measured against itself, so
     * the history has a point every week on the same runner and profile and
     * a drifting runner shows up as drift, not as a kernel change. Keyed by
     * ISO week: queued once a week whatever the polls do.
     */
    private Optional<Long> heartbeat(Watch w, String head) {
        String line = line(w);
        Instant now = clock.instant();
        Optional<Instant> last = history.lastMeasured(line).or(() -> ledger.treeHeadSince(w.tree(), w.branch()));
        if (last.isEmpty() || last.get().plus(HEARTBEAT).isAfter(now)) {
            return Optional.empty();
        }
        var day = now.atZone(ZoneOffset.UTC);
        String week = day.get(IsoFields.WEEK_BASED_YEAR) + "-W" + day.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR);
        Optional<Long> id = queue.enqueue(WorkItem.found("heartbeat " + line + " " + week, line,
                new WorkTarget.Revision(head), new Base(w.tree(), head, BaseReason.of(BaseReason.Kind.HEARTBEAT,
                        w.branch()))));
        id.ifPresent(i -> log.info("{}: heartbeat {} queued (last measured {})", line, head.substring(0, 12),
                last.get()));
        return id;
    }

    /** The history line of a watched branch (docs/trends.md): the queued work's title too. */
    public static String line(Watch w) {
        return w.tree() + " " + w.branch();
    }
}
