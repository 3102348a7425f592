package org.fsnbot.work;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.fsnbot.intake.AuthenticationResults;
import org.fsnbot.intake.SeriesAssembler;
import org.fsnbot.intake.SeriesHints;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseResolver;
import org.fsnbot.store.Asker;
import org.fsnbot.store.IntakeLedger;
import org.fsnbot.store.PatchState;
import org.fsnbot.store.SeriesRevisions;
import org.fsnbot.store.WorkItem;
import org.fsnbot.store.WorkQueue;
import org.fsnbot.store.WorkTarget;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns the patch mails the follower kept into queued work, b4 style: one
 * unit per complete series at its newest revision, with a base. A series
 * with an fsnotify part that misses parts is first completed from the
 * "all" inbox (lists get only the parts Cc'd to them); after the wait it
 * is recorded as incomplete instead of tested. A newer revision cancels
 * the queued older ones. A stable backport is tested on its stable
 * branch; a stable review queue (StableReview) is never tested whole.
 */
public final class SeriesQueuer {

    private static final Logger log = LoggerFactory.getLogger(SeriesQueuer.class);

    /** What one pass queued, and what it set aside. */
    public record Result(List<Long> queued, int superseded, int cancelled, int incomplete, int ignored,
            int fetchedFromThread) {
        public static final Result NOTHING = new Result(List.of(), 0, 0, 0, 0, 0);

        public Result {
            queued = List.copyOf(queued);
        }
    }

    /**
     * How intake waits and whom it believes: how long an incomplete series
     * waits for its parts, the authserv-ids whose Authentication-Results
     * vouch for a series' sender (intake.AuthenticationResults), and how
     * many units a sender nobody vouched for may have waiting: past that,
     * their next series stays pending (nothing lost) until one of theirs
     * has run.
     */
    public record Settings(Duration incompleteWait, Set<String> trusted, int maxWaitingPerStranger,
            java.util.function.Predicate<String> maintainer) {
        public Settings {
            Objects.requireNonNull(incompleteWait);
            Objects.requireNonNull(maintainer);
            trusted = Set.copyOf(trusted);
            if (maxWaitingPerStranger < 1) {
                throw new IllegalArgumentException("a stranger may have at least one unit waiting");
            }
        }

        /** Waiting wait, believing nobody, bounding no sender (the tests' intake). */
        public static Settings waiting(Duration wait) {
            return new Settings(wait, Set.of(), Integer.MAX_VALUE, a -> false);
        }
    }

    /** The pending mails of one pass and the series they form. */
    private record Pending(List<IntakeLedger.StoredPatch> mails, Map<String, IntakeLedger.StoredPatch> byId,
            List<SeriesAssembler.Candidate> series) {
    }

    /**
     * Counts of one pass, as it goes, and what the pass asks of the queue
     * and the trees once rather than per series: a flood's thousands of
     * series would each read the whole queue and open the base's tree.
     */
    private static final class Tally {
        final SeriesRevisions revisions;
        final Map<Optional<String>, Base> bases = new HashMap<>();
        final List<Long> queued = new ArrayList<>();
        int superseded;
        int cancelled;
        int incomplete;
        int ignored;

        Tally(SeriesRevisions revisions) {
            this.revisions = revisions;
        }
    }

    private final IntakeLedger ledger;
    private final WorkQueue queue;
    private final SeriesAssembler assembler = new SeriesAssembler();
    private final ThreadCompleter completer;
    private final Prerequisites prerequisites;
    private final BaseResolver bases;
    private final Settings settings;
    private final Clock clock;
    private final StableReview stableReview;

    public SeriesQueuer(IntakeLedger ledger, WorkQueue queue, ThreadCompleter completer, Prerequisites prerequisites,
            BaseResolver bases, Settings settings, Clock clock) {
        this.ledger = ledger;
        this.queue = queue;
        this.completer = completer;
        this.prerequisites = prerequisites;
        this.bases = bases;
        this.settings = settings;
        this.clock = clock;
        this.stableReview = new StableReview(ledger, queue, bases);
    }

    public Result queuePending() throws IOException {
        Pending first = pending();
        List<String> incompleteRoots = first.series().stream().filter(c -> !c.complete() && relevant(c, first.byId())
                && !StableReview.isReviewQueue(c)).map(SeriesAssembler.Candidate::threadRoot).toList();
        int fetched = completer.complete(incompleteRoots);
        Pending p = fetched > 0 ? pending() : first;
        Instant now = clock.instant();
        ignoreOrphans(p, now);
        Set<SeriesAssembler.Candidate> current = new HashSet<>(assembler.current(p.series()));
        Tally t = new Tally(queue.revisions());
        for (SeriesAssembler.Candidate c : p.series()) {
            consider(c, p, current, now, t);
        }
        return new Result(t.queued, t.superseded, t.cancelled, t.incomplete, t.ignored, fetched);
    }

    private Pending pending() {
        List<IntakeLedger.StoredPatch> mails = ledger.patches(PatchState.PENDING);
        Map<String, IntakeLedger.StoredPatch> byId = new HashMap<>();
        mails.forEach(m -> byId.put(m.mail().messageId(), m));
        return new Pending(mails, byId, assembler.assemble(mails.stream().map(IntakeLedger.StoredPatch::mail)
                .toList()));
    }

    /** A cover-like mail no part ever answered. */
    private void ignoreOrphans(Pending p, Instant now) {
        Set<String> inSomeSeries = new HashSet<>();
        p.series().forEach(c -> inSomeSeries.addAll(ids(c)));
        List<String> orphans = p.mails().stream().filter(m -> !inSomeSeries.contains(m.mail().messageId()))
                .filter(m -> waited(m.receivedAt(), now)).map(m -> m.mail().messageId()).toList();
        if (!orphans.isEmpty()) {
            ledger.setPatchState(orphans, PatchState.IGNORED);
        }
    }

    private void consider(SeriesAssembler.Candidate c, Pending p, Set<SeriesAssembler.Candidate> current,
            Instant now, Tally t) throws IOException {
        List<String> ids = ids(c);
        boolean waited = waited(oldest(c, p.byId()), now);
        if (!relevant(c, p.byId())) {
            if (c.complete() || waited) {
                ledger.setPatchState(ids, PatchState.IGNORED);
                t.ignored++;
            }
            return;
        }
        Optional<String> stable = StableReview.version(c);
        if (StableReview.isReviewQueue(c)) {
            t.queued.addAll(stableReview.queueParts(c, p.byId(), stable.orElseThrow()));
            return;
        }
        String title = c.title();
        List<byte[]> raw = ledger.raw(ids);
        SeriesHints hints = SeriesHints.of(raw);
        String lineage = hints.changeId().map(id -> c.authorAddress() + " change-id " + id).orElse(c.lineage());
        Optional<Integer> newest = t.revisions.newest(lineage);
        if (!current.contains(c) || newest.map(n -> n >= c.revision()).orElse(false)) {
            ledger.setPatchState(ids, PatchState.SUPERSEDED);
            t.superseded++;
            return;
        }
        String key = "series " + c.threadRoot() + " v" + c.revision();
        if (!c.complete()) {
            if (waited) {
                incomplete(c, key, ids, "parts " + c.missing() + " of " + c.total() + " never arrived", lineage, t);
            }
            return;
        }
        Optional<List<String>> prereqs = prerequisites.of(hints);
        if (prereqs.isEmpty()) {
            if (waited) {
                incomplete(c, key, ids, "prerequisite-patch-id " + hints.prerequisitePatchIds() + " not found",
                        lineage, t);
            }
            return;
        }
        Asker asker = askerOf(c, raw);
        if (asker.standing() == Asker.Standing.STRANGER
                && queue.waitingFor(asker.address().orElseThrow()) >= settings.maxWaitingPerStranger()) {
            log.info("{} v{}: {} has {} unit(s) waiting already; this series waits (pending) until one has run",
                    title, c.revision(), asker.address().orElseThrow(), settings.maxWaitingPerStranger());
            return;
        }
        // A stable backport goes on its stable branch unless it names its base itself.
        Base base = stable.isPresent() && hints.baseCommit().isEmpty() ? bases.stable(stable.get())
                : resolved(hints.baseCommit(), t);
        // Only a lineage with a revision queued or measured has older ones to cancel.
        int n = newest.isPresent() ? queue.supersede(lineage, c.revision()) : 0;
        t.cancelled += n;
        Optional<Long> id = queue.enqueue(WorkItem.found(key, title, new WorkTarget.Series(c.revision(), ids,
                prereqs.get(), lineage), base), asker);
        ledger.setPatchState(ids, PatchState.QUEUED);
        if (id.isPresent()) {
            t.revisions.queued(lineage, c.revision());
            t.queued.add(id.get());
            log.info("queued #{} {} v{} ({} patch{}, base {}: {}){}", id.get(), title, c.revision(), c.parts().size(),
                    c.parts().size() == 1 ? "" : "es", base.rev(), base.reason(),
                    n > 0 ? "; cancelled " + n + " older revision(s)" : "");
        }
    }

    /**
     * Who asked for a series: its sender when a trusted server vouches for
     * them in any of its mails, standing first when they are a maintainer
     * (settings.maintainer: MAINTAINERS' people and the allowlist) and with
     * fsnbot's own work otherwise; a stranger's otherwise (a From line
     * alone proves nothing).
     */
    private Asker askerOf(SeriesAssembler.Candidate c, List<byte[]> mails) {
        String author = c.authorAddress().trim().toLowerCase(java.util.Locale.ROOT);
        for (byte[] raw : mails) {
            if (AuthenticationResults.authenticatedFrom(raw, settings.trusted()).filter(author::equals).isPresent()) {
                return Asker.of(author, settings.maintainer().test(author) ? Asker.Standing.MAINTAINER
                        : Asker.Standing.OWN);
            }
        }
        return Asker.of(author, Asker.Standing.STRANGER);
    }

    /** The base a series naming baseCommit (or none) is tested on, resolved once a pass. */
    private Base resolved(Optional<String> baseCommit, Tally t) throws IOException {
        Base known = t.bases.get(baseCommit);
        if (known == null) {
            known = bases.resolve(baseCommit);
            t.bases.put(baseCommit, known);
        }
        return known;
    }

    private void incomplete(SeriesAssembler.Candidate c, String key, List<String> ids, String why, String lineage,
            Tally t) {
        queue.recordIncomplete(WorkItem.incomplete(key, c.title(), new WorkTarget.Series(c.revision(), ids,
                List.of(), lineage)), why);
        ledger.setPatchState(ids, PatchState.INCOMPLETE);
        log.info("{} v{}: incomplete after {} ({}), not tested", c.title(), c.revision(), settings.incompleteWait(),
                why);
        t.incomplete++;
    }

    private boolean waited(Instant since, Instant now) {
        return Duration.between(since, now).compareTo(settings.incompleteWait()) >= 0;
    }

    private static boolean relevant(SeriesAssembler.Candidate c, Map<String, IntakeLedger.StoredPatch> byId) {
        return c.parts().values().stream().anyMatch(m -> byId.containsKey(m.messageId())
                && byId.get(m.messageId()).relevant());
    }

    private static Instant oldest(SeriesAssembler.Candidate c, Map<String, IntakeLedger.StoredPatch> byId) {
        return ids(c).stream().map(byId::get).filter(Objects::nonNull)
                .map(IntakeLedger.StoredPatch::receivedAt).min(Instant::compareTo).orElse(Instant.EPOCH);
    }

    static List<String> ids(SeriesAssembler.Candidate c) {
        List<String> ids = new ArrayList<>();
        c.cover().ifPresent(m -> ids.add(m.messageId()));
        new TreeMap<>(c.parts()).values().forEach(m -> ids.add(m.messageId()));
        return ids;
    }
}
