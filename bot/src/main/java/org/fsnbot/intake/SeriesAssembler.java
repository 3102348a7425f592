package org.fsnbot.intake;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Groups patch mails into series the way b4 does: by thread (the cover
 * letter or patch 1 that the others reply to), revision and total; a
 * series is complete when every part 1..N is there. Where one thread holds
 * several revisions, only the newest is current.
 */
public final class SeriesAssembler {

    /** One revision of one thread, complete or not. */
    public record Candidate(String threadRoot, int revision, int total, Optional<PatchMail> cover,
            Map<Integer, PatchMail> parts) {

        public Candidate {
            parts = Map.copyOf(parts);
        }

        public boolean complete() {
            for (int i = 1; i <= total; i++) {
                if (!parts.containsKey(i)) {
                    return false;
                }
            }
            return true;
        }

        public List<Integer> missing() {
            List<Integer> m = new ArrayList<>();
            for (int i = 1; i <= total; i++) {
                if (!parts.containsKey(i)) {
                    m.add(i);
                }
            }
            return m;
        }

        /** The series' title, lower-cased: revisions of one series live in different threads, the title ties them. */
        public String title() {
            PatchMail first = cover.orElseGet(() -> parts.values().iterator().next());
            return SubjectPrefix.parse(first.subject()).title().toLowerCase(Locale.ROOT);
        }

        /** The address of the series' author: who sent its cover letter, or its first part. */
        public String authorAddress() {
            return cover.orElseGet(() -> parts.values().iterator().next()).authorAddress();
        }

        /** Whose series this is and which: its author and its title. */
        public String lineage() {
            return authorAddress() + " " + title();
        }

        public PatchSeries series() {
            if (!complete()) {
                throw new IllegalStateException("series " + threadRoot + " v" + revision + " misses parts " + missing());
            }
            return new PatchSeries(cover, new TreeMap<>(parts).values().stream().toList());
        }
    }

    /** One revision of one thread with one part count: the mails that belong together. */
    private record SeriesKey(String root, int revision, int total) {
    }

    public List<Candidate> assemble(List<PatchMail> mails) {
        Map<String, PatchMail> byId = new HashMap<>();
        for (PatchMail m : mails) {
            byId.put(m.messageId(), m);
        }
        Map<String, SubjectPrefix> prefixes = prefixes(mails, byId);
        Map<SeriesKey, Map<Integer, PatchMail>> parts = new LinkedHashMap<>();
        Map<SeriesKey, PatchMail> covers = new HashMap<>();
        Set<SeriesKey> keys = new LinkedHashSet<>();
        for (PatchMail m : mails) {
            SubjectPrefix p = prefixes.get(m.messageId());
            if (p == null) {
                continue;
            }
            SeriesKey key = new SeriesKey(root(m, p, byId, prefixes), p.revision(), p.total());
            if (p.part() == 0) {
                covers.put(key, m);
            } else if (m.hasDiff()) {
                parts.computeIfAbsent(key, k -> new TreeMap<>()).putIfAbsent(p.part(), m);
            } else {
                continue;
            }
            keys.add(key);
        }
        List<Candidate> out = new ArrayList<>();
        for (SeriesKey key : keys) {
            Optional<PatchMail> cover = Optional.ofNullable(covers.get(key));
            if (cover.isEmpty() && key.total() > 1 && isUnnumberedCover(byId.get(key.root()))) {
                cover = Optional.of(byId.get(key.root()));
            }
            out.add(new Candidate(key.root(), key.revision(), key.total(), cover, parts.getOrDefault(key, Map.of())));
        }
        return out;
    }

    /**
     * A cover letter without 0/N: the message the parts reply to, itself
     * without a diff but with a diffstat (as git send-email --compose and
     * some hand-made covers look).
     */
    private static boolean isUnnumberedCover(PatchMail m) {
        return m != null && !m.hasDiff() && m.hasDiffstat();
    }

    /**
     * Each patch mail's prefix, with the revision the thread implies when
     * the subject names none: parts inherit their cover letter's, and a
     * patch sent in reply to an earlier version of itself is the next one.
     */
    private static Map<String, SubjectPrefix> prefixes(List<PatchMail> mails, Map<String, PatchMail> byId) {
        Map<String, SubjectPrefix> out = new HashMap<>();
        for (PatchMail m : mails) {
            SubjectPrefix p = SubjectPrefix.parse(m.subject());
            if (!p.isPatch()) {
                continue;
            }
            if (!p.revisionGiven()) {
                p = p.atRevision(impliedRevision(m, p, byId));
            }
            out.put(m.messageId(), p);
        }
        return out;
    }

    private static int impliedRevision(PatchMail m, SubjectPrefix p, Map<String, PatchMail> byId) {
        for (int i = m.references().size() - 1; i >= 0; i--) {
            PatchMail parent = byId.get(m.references().get(i));
            if (parent == null) {
                continue;
            }
            SubjectPrefix pp = SubjectPrefix.parse(parent.subject());
            if (!pp.isPatch()) {
                continue;
            }
            if (p.total() > 1 && (pp.total() == p.total() || isUnnumberedCover(parent))) {
                return pp.revision();
            }
            if (p.total() == 1 && pp.title().equalsIgnoreCase(p.title()) && parent.hasDiff()) {
                return pp.revision() + 1;
            }
        }
        return p.revision();
    }

    /**
     * The newest revision of each series (by revision, then completeness),
     * per lineage: a stranger's higher revision of someone else's title is
     * a series of its own, not a newer revision.
     */
    public List<Candidate> current(List<Candidate> candidates) {
        Map<String, Candidate> best = new LinkedHashMap<>();
        for (Candidate c : candidates) {
            best.merge(c.lineage(), c, (a, b) -> Comparator.<Candidate>comparingInt(Candidate::revision)
                    .thenComparing(Candidate::complete).compare(a, b) >= 0 ? a : b);
        }
        return List.copyOf(best.values());
    }

    /**
     * The thread root of a part: walk up while the parent is a part of the
     * same series. Iterative with a visited set, because References come
     * from the sender and may loop (a mail naming itself, two naming each
     * other).
     */
    private static String root(PatchMail m, SubjectPrefix p, Map<String, PatchMail> byId,
            Map<String, SubjectPrefix> prefixes) {
        Set<String> visited = new HashSet<>();
        PatchMail at = m;
        SubjectPrefix ap = p;
        while (visited.add(at.messageId())) {
            if (ap.total() == 1 || ap.part() == 0) {
                return at.messageId();
            }
            Optional<PatchMail> up = seriesParent(at, ap, byId, prefixes);
            if (up.isEmpty()) {
                return at.references().isEmpty() ? at.messageId() : at.references().get(0);
            }
            at = up.get();
            ap = prefixes.get(at.messageId());
        }
        return at.messageId();
    }

    /** The nearest parent that is a part of the same series (same total and revision). */
    private static Optional<PatchMail> seriesParent(PatchMail m, SubjectPrefix p, Map<String, PatchMail> byId,
            Map<String, SubjectPrefix> prefixes) {
        for (int i = m.references().size() - 1; i >= 0; i--) {
            PatchMail parent = byId.get(m.references().get(i));
            SubjectPrefix pp = parent == null ? null : prefixes.get(parent.messageId());
            if (pp != null && pp.total() == p.total() && pp.revision() == p.revision()) {
                return Optional.of(parent);
            }
        }
        return Optional.empty();
    }
}
