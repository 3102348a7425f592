package org.fsnbot.store;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The highest revision of every series lineage queued or measured, read
 * once for a whole pass of intake (WorkQueue.revisions): a query per
 * series scans the queue (a lineage is too long a key to index on every
 * database), which made one poll of a 10,000-mail flood quadratic (160 s
 * here, half of it in that query; issue 41). Mutable, and exact for the pass's life: only
 * intake queues series, a pass records what it queues here as it goes,
 * and no row leaves the set it was read from (a queued unit may run, end
 * or be cancelled, never become incomplete).
 */
public final class SeriesRevisions {

    private final Map<String, Integer> newest;

    private SeriesRevisions(Map<String, Integer> newest) {
        this.newest = newest;
    }

    static SeriesRevisions read(Database db) {
        Map<String, Integer> newest = new HashMap<>();
        db.call("reading revisions", c -> Jdbc.rows(c, "SELECT lineage, MAX(revision) FROM work_queue WHERE kind ="
                + " 'SERIES' AND lineage IS NOT NULL AND state <> 'incomplete' GROUP BY lineage",
                rs -> Map.entry(rs.getString(1), rs.getInt(2)))).forEach(e -> newest.put(e.getKey(), e.getValue()));
        return new SeriesRevisions(newest);
    }

    /** The highest revision of lineage queued or measured, this pass's own included. */
    public Optional<Integer> newest(String lineage) {
        return Optional.ofNullable(newest.get(Jdbc.truncate(lineage, 2000)));
    }

    /** This pass queued revision of lineage. */
    public void queued(String lineage, int revision) {
        newest.merge(Jdbc.truncate(lineage, 2000), revision, Math::max);
    }
}
