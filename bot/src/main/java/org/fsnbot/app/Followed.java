package org.fsnbot.app;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.fsnbot.commands.ImapCommands;
import org.fsnbot.intake.FollowState;
import org.fsnbot.intake.InboxFollower;
import org.fsnbot.work.TreeQueuer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything a poll reads: the followed inboxes, the watched branches,
 * fsnbot's own IMAP mailbox, and MAINTAINERS while it could not be read. A failure of one is logged and does not stop
 * the others; it is read again next poll.
 */
final class Followed {

    private static final Logger log = LoggerFactory.getLogger(Followed.class);

    /** What reading found: tree heads queued, and what could not be read. */
    record Read(List<Long> treeWork, List<String> errors) {
        Read {
            treeWork = List.copyOf(treeWork);
            errors = List.copyOf(errors);
        }
    }

    private final InboxFollower follower;
    private final FollowState state;
    private final List<InboxFollower.Inbox> inboxes;
    private final TreeQueuer trees;
    private final List<TreeQueuer.Watch> watch;
    private final Optional<ImapCommands> imap;
    private final LiveMaintainers maintainers;

    Followed(InboxFollower follower, FollowState state, List<InboxFollower.Inbox> inboxes, TreeQueuer trees,
            List<TreeQueuer.Watch> watch, Optional<ImapCommands> imap, LiveMaintainers maintainers) {
        this.follower = follower;
        this.state = state;
        this.inboxes = List.copyOf(inboxes);
        this.trees = trees;
        this.watch = List.copyOf(watch);
        this.imap = imap;
        this.maintainers = maintainers;
    }

    Read read() {
        maintainers.refresh();
        List<String> errors = new ArrayList<>();
        for (InboxFollower.Inbox inbox : inboxes) {
            try {
                InboxFollower.PollStats s = follower.poll(inbox, state);
                InboxFollower.Counts n = s.counts();
                log.info("{}: {} epoch(s), {} unchanged; {} new message(s), {} seen before, {} deleted,"
                        + " {} unparseable, {} fsnotify patch(es)", s.inbox(), s.epochs(), s.epochsUnchanged(),
                        n.fresh(), n.duplicates(), n.deletions(), n.unparseable(), n.relevant());
            } catch (IOException | RuntimeException e) {
                errors.add(inbox.name() + ": " + e.getMessage());
                log.warn("{}: {} (will retry next poll)", inbox.name(), e.toString());
            }
        }
        List<Long> treeWork = new ArrayList<>();
        for (TreeQueuer.Watch w : watch) {
            try {
                trees.poll(w).ifPresent(treeWork::add);
            } catch (IOException | RuntimeException e) {
                errors.add(w.tree() + " " + w.branch() + ": " + e.getMessage());
                log.warn("{} {}: {} (will retry next poll)", w.tree(), w.branch(), e.toString());
            }
        }
        if (imap.isPresent()) {
            try {
                imap.get().read();
            } catch (IOException | RuntimeException e) {
                errors.add("imap: " + e.getMessage());
                log.warn("IMAP: {} (will retry next poll)", e.toString());
            }
        }
        return new Read(treeWork, errors);
    }
}
