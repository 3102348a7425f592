package org.fsnbot.work;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.fsnbot.git.Trees;
import org.fsnbot.intake.TreeWatcher;
import org.fsnbot.plan.Base;
import org.fsnbot.store.IntakeLedger;
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

    public TreeQueuer(Trees trees, TreeWatcher watcher, IntakeLedger ledger, WorkQueue queue) {
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
            return Optional.empty();
        }
        TreeWatcher.Scan scan = watcher.scan(repo, w.branch(), known.get().lastSeen());
        String tested = known.get().lastTested();
        if (scan.touchingFsnotify().isEmpty()) {
            ledger.saveTreeHead(w.tree(), w.branch(), new IntakeLedger.TreeHead(head, tested));
            log.info("{} {}: {} new commit(s), none touches fsnotify", w.tree(), w.branch(), scan.commits().size());
            return Optional.empty();
        }
        WorkItem item = WorkItem.found("tree " + w.tree() + " " + w.branch() + " " + tested + ".." + head,
                w.tree() + " " + w.branch(), new WorkTarget.Revision(head),
                new Base(w.tree(), tested, "last tested head of " + w.branch()));
        Optional<Long> id = queue.enqueue(item);
        ledger.saveTreeHead(w.tree(), w.branch(), new IntakeLedger.TreeHead(head, head));
        log.info("{} {}: {} of {} new commit(s) touch fsnotify ({}); queued {}..{}", w.tree(), w.branch(),
                scan.touchingFsnotify().size(), scan.commits().size(), scan.touchingFsnotify().get(0).subject(),
                tested.substring(0, 12), head.substring(0, 12));
        return id;
    }
}
