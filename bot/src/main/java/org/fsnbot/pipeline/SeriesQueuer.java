package org.fsnbot.pipeline;

import java.io.IOException;
import java.io.PrintStream;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import okhttp3.HttpUrl;
import org.fsnbot.intake.FsnotifyRelevance;
import org.fsnbot.intake.InboxFollower;
import org.fsnbot.intake.LoreClient;
import org.fsnbot.intake.MalformedMailException;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchIds;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.intake.SeriesAssembler;
import org.fsnbot.intake.SeriesHints;
import org.fsnbot.plan.BaseResolver;
import org.fsnbot.store.IntakeLedger;
import org.fsnbot.store.WorkQueue;

/**
 * Turns the patch mails the follower kept into queued work, b4 style: one
 * unit per complete series at its newest revision, with a base. A series
 * with an fsnotify part that misses parts is first completed from the
 * "all" inbox (lists get only the parts Cc'd to them); after the wait it
 * is recorded as incomplete instead of tested. A newer revision cancels
 * the queued older ones.
 */
public final class SeriesQueuer {

    /** What one pass queued, and what it set aside. */
    public record Result(List<Long> queued, int superseded, int cancelled, int incomplete, int ignored,
            int fetchedFromThread) {
        public Result {
            queued = List.copyOf(queued);
        }
    }

    private final IntakeLedger ledger;
    private final WorkQueue queue;
    private final SeriesAssembler assembler;
    private final FsnotifyRelevance relevance;
    private final MboxReader parser;
    private final LoreClient lore;
    private final Optional<HttpUrl> allInbox;
    private final PatchIds patchIds;
    private final BaseResolver bases;
    private final Duration wait;
    private final Clock clock;
    private final PrintStream log;

    public SeriesQueuer(IntakeLedger ledger, WorkQueue queue, SeriesAssembler assembler, FsnotifyRelevance relevance,
            MboxReader parser, LoreClient lore, Optional<HttpUrl> allInbox, PatchIds patchIds, BaseResolver bases,
            Duration wait, Clock clock, PrintStream log) {
        this.ledger = ledger;
        this.queue = queue;
        this.assembler = assembler;
        this.relevance = relevance;
        this.parser = parser;
        this.lore = lore;
        this.allInbox = allInbox;
        this.patchIds = patchIds;
        this.bases = bases;
        this.wait = wait;
        this.clock = clock;
        this.log = log;
    }

    public Result queuePending() throws SQLException, IOException {
        List<IntakeLedger.StoredPatch> pending = ledger.patches("pending");
        Map<String, IntakeLedger.StoredPatch> byId = byId(pending);
        List<SeriesAssembler.Candidate> all = assemble(pending);
        int fetched = completeFromThreads(all, byId);
        if (fetched > 0) {
            pending = ledger.patches("pending");
            byId = byId(pending);
            all = assemble(pending);
        }
        Set<SeriesAssembler.Candidate> current = new HashSet<>(assembler.current(all));
        List<Long> queued = new ArrayList<>();
        int superseded = 0;
        int cancelled = 0;
        int incomplete = 0;
        int ignored = 0;
        Instant now = clock.instant();
        Set<String> inSomeSeries = new HashSet<>();
        all.forEach(c -> inSomeSeries.addAll(ids(c)));
        List<String> orphans = pending.stream().filter(p -> !inSomeSeries.contains(p.mail().messageId()))
                .filter(p -> Duration.between(p.receivedAt(), now).compareTo(wait) >= 0)
                .map(p -> p.mail().messageId()).toList();
        if (!orphans.isEmpty()) {
            // A cover-like mail no part ever answered.
            ledger.setPatchState(orphans, "ignored");
        }
        for (SeriesAssembler.Candidate c : all) {
            List<String> ids = ids(c);
            boolean waited = Duration.between(oldest(c, byId), now).compareTo(wait) >= 0;
            if (!relevant(c, byId)) {
                if (c.complete() || waited) {
                    ledger.setPatchState(ids, "ignored");
                    ignored++;
                }
                continue;
            }
            String title = c.title();
            Optional<Integer> newest = queue.newestRevision(title);
            if (!current.contains(c) || newest.map(n -> n >= c.revision()).orElse(false)) {
                ledger.setPatchState(ids, "superseded");
                superseded++;
                continue;
            }
            String key = "series " + c.threadRoot() + " v" + c.revision();
            if (!c.complete()) {
                if (waited) {
                    String why = "parts " + c.missing() + " of " + c.total() + " never arrived";
                    queue.recordIncomplete(key, title, c.revision(), ids, why);
                    ledger.setPatchState(ids, "incomplete");
                    log.printf("intake: %s v%d: incomplete after %s (%s), not tested%n", title, c.revision(), wait,
                            why);
                    incomplete++;
                }
                continue;
            }
            SeriesHints hints = SeriesHints.of(ledger.raw(ids));
            Optional<List<String>> prereqs = prerequisites(hints);
            if (prereqs.isEmpty()) {
                if (waited) {
                    String why = "prerequisite-patch-id " + hints.prerequisitePatchIds() + " not found";
                    queue.recordIncomplete(key, title, c.revision(), ids, why);
                    ledger.setPatchState(ids, "incomplete");
                    incomplete++;
                }
                continue;
            }
            BaseResolver.Choice base = bases.resolve(hints.baseCommit());
            int n = queue.supersede(title, c.revision());
            cancelled += n;
            Optional<Long> id = queue.enqueueSeries(key, title, c.revision(), ids, prereqs.get(), base.tree(),
                    base.rev(), base.reason());
            ledger.setPatchState(ids, "queued");
            if (id.isPresent()) {
                queued.add(id.get());
                log.printf("intake: queued #%d %s v%d (%d patch%s, base %s: %s)%s%n", id.get(), title, c.revision(),
                        c.parts().size(), c.parts().size() == 1 ? "" : "es", base.rev(), base.reason(),
                        n > 0 ? "; cancelled " + n + " older revision(s)" : "");
            }
        }
        return new Result(queued, superseded, cancelled, incomplete, ignored, fetched);
    }

    /** Fetches the threads of incomplete fsnotify series from the "all" inbox; returns the mails added. */
    private int completeFromThreads(List<SeriesAssembler.Candidate> candidates,
            Map<String, IntakeLedger.StoredPatch> byId) throws SQLException {
        if (allInbox.isEmpty()) {
            return 0;
        }
        int added = 0;
        for (SeriesAssembler.Candidate c : candidates) {
            if (c.complete() || !relevant(c, byId)) {
                continue;
            }
            try {
                for (PatchMail m : lore.thread(allInbox.get(), c.threadRoot())) {
                    boolean rel = relevance.isFsnotifyPatch(m);
                    if (InboxFollower.worthKeeping(m, rel) && ledger.addFetched("all", m, rel)) {
                        added++;
                    }
                }
            } catch (IOException e) {
                log.printf("intake: fetching thread %s: %s (will retry)%n", c.threadRoot(), e.getMessage());
            }
        }
        if (added > 0) {
            log.printf("intake: %d mail(s) fetched from the threads of incomplete series%n", added);
        }
        return added;
    }

    /** The prerequisite patches' Message-IDs in the order named, or empty when one is not known. */
    private Optional<List<String>> prerequisites(SeriesHints hints) throws SQLException, IOException {
        if (hints.prerequisitePatchIds().isEmpty()) {
            return Optional.of(List.of());
        }
        List<PatchMail> known = new ArrayList<>();
        for (String state : List.of("pending", "queued", "superseded", "ignored", "incomplete")) {
            for (IntakeLedger.StoredPatch p : ledger.patches(state)) {
                if (p.mail().hasDiff()) {
                    known.add(p.mail());
                }
            }
        }
        List<PatchMail> withRaw = new ArrayList<>();
        List<byte[]> raws = ledger.raw(known.stream().map(PatchMail::messageId).toList());
        for (byte[] raw : raws) {
            try {
                withRaw.add(parser.parse(raw));
            } catch (MalformedMailException e) {
                // It parsed when it was stored; a stored mail that no longer parses is skipped.
            }
        }
        Map<String, String> byPatchId = new HashMap<>();
        patchIds.of(withRaw).forEach((mid, pid) -> byPatchId.putIfAbsent(pid, mid));
        List<String> out = new ArrayList<>();
        for (String pid : hints.prerequisitePatchIds()) {
            String mid = byPatchId.get(pid);
            if (mid == null) {
                return Optional.empty();
            }
            out.add(mid);
        }
        return Optional.of(out);
    }

    private List<SeriesAssembler.Candidate> assemble(List<IntakeLedger.StoredPatch> pending) {
        return assembler.assemble(pending.stream().map(IntakeLedger.StoredPatch::mail).toList());
    }

    private static Map<String, IntakeLedger.StoredPatch> byId(List<IntakeLedger.StoredPatch> pending) {
        Map<String, IntakeLedger.StoredPatch> byId = new HashMap<>();
        for (IntakeLedger.StoredPatch p : pending) {
            byId.put(p.mail().messageId(), p);
        }
        return byId;
    }

    private static boolean relevant(SeriesAssembler.Candidate c, Map<String, IntakeLedger.StoredPatch> byId) {
        return c.parts().values().stream().anyMatch(m -> byId.containsKey(m.messageId())
                && byId.get(m.messageId()).relevant());
    }

    private static Instant oldest(SeriesAssembler.Candidate c, Map<String, IntakeLedger.StoredPatch> byId) {
        return ids(c).stream().map(byId::get).filter(java.util.Objects::nonNull)
                .map(IntakeLedger.StoredPatch::receivedAt).min(Instant::compareTo).orElse(Instant.EPOCH);
    }

    static List<String> ids(SeriesAssembler.Candidate c) {
        List<String> ids = new ArrayList<>();
        c.cover().ifPresent(m -> ids.add(m.messageId()));
        new java.util.TreeMap<>(c.parts()).values().forEach(m -> ids.add(m.messageId()));
        return ids;
    }
}
