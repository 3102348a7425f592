package org.fsnbot.work;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.intake.SeriesAssembler;
import org.fsnbot.intake.SubjectPrefix;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseResolver;
import org.fsnbot.store.IntakeLedger;
import org.fsnbot.store.PatchState;
import org.fsnbot.store.WorkItem;
import org.fsnbot.store.WorkQueue;
import org.fsnbot.store.WorkTarget;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stable review queues ("[PATCH 6.12 044/117]", a hundred backports of
 * which an fsnotify list gets the few Cc'd to it): never completed from
 * lore, never tested whole. Each part that touches fsnotify is queued at
 * once, alone, on the stable branch (BaseResolver.stable); the other parts
 * are ignored. A small stable backport series ("[PATCH 6.6.y]", "[PATCH
 * 6.6 1/3]") is a normal series on its stable branch (SeriesQueuer).
 */
final class StableReview {

    /** More parts than a backport series has: Greg's review queues run to hundreds. */
    static final int REVIEW_PARTS = 10;

    private static final Logger log = LoggerFactory.getLogger(StableReview.class);

    private final IntakeLedger ledger;
    private final WorkQueue queue;
    private final BaseResolver bases;

    StableReview(IntakeLedger ledger, WorkQueue queue, BaseResolver bases) {
        this.ledger = ledger;
        this.queue = queue;
        this.bases = bases;
    }

    /** The stable tree a series' prefix names ("6.12"), from any of its parts. */
    static Optional<String> version(SeriesAssembler.Candidate c) {
        return c.parts().values().stream().map(m -> SubjectPrefix.parse(m.subject()).stable())
                .flatMap(Optional::stream).findFirst();
    }

    /** A review queue of which this list has only some parts. */
    static boolean isReviewQueue(SeriesAssembler.Candidate c) {
        return version(c).isPresent() && c.total() >= REVIEW_PARTS && !c.complete();
    }

    /** Queues the fsnotify parts each alone, ignores the rest; the ids of the units queued. */
    List<Long> queueParts(SeriesAssembler.Candidate c, Map<String, IntakeLedger.StoredPatch> pending, String version)
            throws IOException {
        List<Long> queued = new ArrayList<>();
        List<String> others = new ArrayList<>();
        c.cover().ifPresent(m -> others.add(m.messageId()));
        for (PatchMail part : new TreeMap<>(c.parts()).values()) {
            String id = part.messageId();
            IntakeLedger.StoredPatch stored = pending.get(id);
            if (stored == null || !stored.relevant()) {
                others.add(id);
                continue;
            }
            String title = SubjectPrefix.parse(part.subject()).title();
            Base base = bases.stable(version);
            Optional<Long> unit = queue.enqueue(WorkItem.found("stable " + version + " part " + id, title,
                    new WorkTarget.Series(1, List.of(id), List.of(), part.authorAddress() + " stable " + version
                            + " " + title.toLowerCase(Locale.ROOT)), base));
            ledger.setPatchState(List.of(id), PatchState.QUEUED);
            unit.ifPresent(queued::add);
            unit.ifPresent(u -> log.info("queued #{} stable {} part {} alone (base {}: {})", u, version, title,
                    base.rev(), base.reason()));
        }
        if (!others.isEmpty()) {
            ledger.setPatchState(others, PatchState.IGNORED);
        }
        return queued;
    }
}
