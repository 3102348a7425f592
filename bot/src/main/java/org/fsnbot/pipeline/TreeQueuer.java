package org.fsnbot.pipeline;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Optional;
import org.fsnbot.build.SourceTrees;
import org.fsnbot.intake.TreeWatcher;
import org.fsnbot.store.IntakeLedger;
import org.fsnbot.store.WorkQueue;

/**
 * Queues a watched branch's new head for measurement against the last
 * head measured, when some new commit touches fsnotify's paths. The first
 * look only records the head: there is nothing to compare it with.
 */
public final class TreeQueuer {

    private final SourceTrees trees;
    private final TreeWatcher watcher;
    private final IntakeLedger ledger;
    private final WorkQueue queue;
    private final PrintStream log;

    public TreeQueuer(SourceTrees trees, TreeWatcher watcher, IntakeLedger ledger, WorkQueue queue, PrintStream log) {
        this.trees = trees;
        this.watcher = watcher;
        this.ledger = ledger;
        this.queue = queue;
        this.log = log;
    }

    /** Looks at one branch; returns the queued work's id, if any. */
    public Optional<Long> poll(RunConfig.Watch w) throws IOException, SQLException {
        Path repo = trees.localRepository(w.tree());
        String head = watcher.head(repo, w.branch())
                .orElseThrow(() -> new IOException(w.tree() + ": no branch " + w.branch()));
        Optional<IntakeLedger.TreeHead> known = ledger.treeHead(w.tree(), w.branch());
        if (known.isEmpty()) {
            ledger.saveTreeHead(w.tree(), w.branch(), new IntakeLedger.TreeHead(head, head));
            log.printf("watch: %s %s: first look, baseline %s%n", w.tree(), w.branch(), head.substring(0, 12));
            return Optional.empty();
        }
        if (known.get().lastSeen().equals(head)) {
            return Optional.empty();
        }
        TreeWatcher.Scan scan = watcher.scan(repo, w.branch(), known.get().lastSeen());
        String tested = known.get().lastTested();
        if (scan.touchingFsnotify().isEmpty()) {
            ledger.saveTreeHead(w.tree(), w.branch(), new IntakeLedger.TreeHead(head, tested));
            log.printf("watch: %s %s: %d new commit(s), none touches fsnotify%n", w.tree(), w.branch(),
                    scan.commits().size());
            return Optional.empty();
        }
        String key = "tree " + w.tree() + " " + w.branch() + " " + tested + ".." + head;
        String reason = "last tested head of " + w.branch();
        Optional<Long> id = queue.enqueueTree(key, w.tree() + " " + w.branch(), w.tree(), tested, head, reason);
        ledger.saveTreeHead(w.tree(), w.branch(), new IntakeLedger.TreeHead(head, head));
        log.printf("watch: %s %s: %d of %d new commit(s) touch fsnotify (%s); queued %s..%s%n", w.tree(), w.branch(),
                scan.touchingFsnotify().size(), scan.commits().size(), scan.touchingFsnotify().get(0).subject(),
                tested.substring(0, 12), head.substring(0, 12));
        return id;
    }
}
