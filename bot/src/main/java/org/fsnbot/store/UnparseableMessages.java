package org.fsnbot.store;

import java.util.List;

/**
 * The messages the follower could not take (a parse error, or a stage that
 * broke on them), recorded with where they are and why, for an operator to
 * look at; the follower writes them in its batch (IntakeLedger).
 */
public final class UnparseableMessages {

    /** One message: its inbox, epoch and commit, and the reason. */
    public record Entry(String inbox, String epoch, String commit, String reason) {
    }

    private final Database db;

    UnparseableMessages(Database db) {
        this.db = db;
    }

    /** Every message recorded, oldest first. */
    public List<Entry> list() {
        return db.call("reading unparseable messages", c -> Jdbc.rows(c, "SELECT inbox, epoch, commit_id, reason FROM"
                + " unparseable_messages ORDER BY seen_at, commit_id", rs -> new Entry(rs.getString(1),
                        rs.getString(2), rs.getString(3), rs.getString(4))));
    }
}
