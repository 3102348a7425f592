package org.fsnbot.intake;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
            return SubjectPrefix.parse(first.subject()).title().toLowerCase(java.util.Locale.ROOT);
        }

        public PatchSeries series() {
            if (!complete()) {
                throw new IllegalStateException("series " + threadRoot + " v" + revision + " misses parts " + missing());
            }
            return new PatchSeries(cover, new TreeMap<>(parts).values().stream().toList());
        }
    }

    public List<Candidate> assemble(List<PatchMail> mails) {
        Map<String, PatchMail> byId = new HashMap<>();
        for (PatchMail m : mails) {
            byId.put(m.messageId(), m);
        }
        Map<String, Map<Integer, PatchMail>> parts = new LinkedHashMap<>();
        Map<String, PatchMail> covers = new HashMap<>();
        Map<String, int[]> shape = new HashMap<>();
        for (PatchMail m : mails) {
            SubjectPrefix p = SubjectPrefix.parse(m.subject());
            if (!p.isPatch()) {
                continue;
            }
            String root = root(m, p, byId);
            String key = root + "\u0000" + p.revision() + "\u0000" + p.total();
            if (p.part() == 0) {
                covers.put(key, m);
            } else if (m.hasDiff()) {
                parts.computeIfAbsent(key, k -> new TreeMap<>()).putIfAbsent(p.part(), m);
            } else {
                continue;
            }
            shape.put(key, new int[] {p.revision(), p.total()});
        }
        List<Candidate> out = new ArrayList<>();
        for (String key : shape.keySet()) {
            int[] rt = shape.get(key);
            out.add(new Candidate(key.substring(0, key.indexOf('\u0000')), rt[0], rt[1],
                    Optional.ofNullable(covers.get(key)), parts.getOrDefault(key, Map.of())));
        }
        return out;
    }

    /** The newest revision of each thread (by revision, then completeness). */
    public List<Candidate> current(List<Candidate> candidates) {
        Map<String, Candidate> best = new LinkedHashMap<>();
        for (Candidate c : candidates) {
            best.merge(c.title(), c, (a, b) -> Comparator.<Candidate>comparingInt(Candidate::revision)
                    .thenComparing(Candidate::complete).compare(a, b) >= 0 ? a : b);
        }
        return List.copyOf(best.values());
    }

    private static String root(PatchMail m, SubjectPrefix p, Map<String, PatchMail> byId) {
        if (p.total() == 1 || p.part() == 0) {
            return m.messageId();
        }
        // Parts reply to the cover letter (or to patch 1); walk up while the parent is ours.
        for (int i = m.references().size() - 1; i >= 0; i--) {
            PatchMail parent = byId.get(m.references().get(i));
            if (parent != null) {
                SubjectPrefix pp = SubjectPrefix.parse(parent.subject());
                if (pp.isPatch() && pp.total() == p.total() && pp.revision() == p.revision()) {
                    return root(parent, pp, byId);
                }
            }
        }
        return m.references().isEmpty() ? m.messageId() : m.references().get(0);
    }
}
