package org.fsnbot.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.fsnbot.intake.FollowState;
import org.fsnbot.intake.PatchMail;

/**
 * What the follower has read: a cursor per inbox epoch, every Message-ID
 * seen, and the patch mails that wait for the rest of their series. A
 * walk writes through one {@link Batch}, so the cursor and the messages it
 * covers are committed together and a crash loses neither.
 */
public final class IntakeLedger implements FollowState {

    /** A watched branch: the newest commit looked at and the newest one measured. */
    public record TreeHead(String lastSeen, String lastTested) {
    }

    /** A stored patch mail (without its raw bytes), waiting or done, with when it arrived. */
    public record StoredPatch(PatchMail mail, boolean relevant, PatchState state, Instant receivedAt) {
    }

    private final Database db;
    private final Clock clock;

    IntakeLedger(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    @Override
    public Optional<Cursor> cursor(String inbox, String epoch) {
        return db.call("reading the cursor of " + inbox, c -> Jdbc.first(c, "SELECT fingerprint, head FROM"
                + " inbox_epochs WHERE inbox = ? AND epoch = ?", rs -> new Cursor(rs.getString(1), rs.getString(2)),
                inbox, epoch));
    }

    public boolean seen(String messageId) {
        return db.call("looking up " + messageId, c -> Jdbc.exists(c, "SELECT 1 FROM seen_messages WHERE message_id"
                + " = ?", messageId));
    }

    @Override
    public Batch begin() {
        return new Batch(db.open("starting an intake batch"), clock);
    }

    /** One epoch walk's writes, in one transaction until commit. */
    public static final class Batch implements FollowState.Writer {
        private final Connection c;
        private final Clock clock;

        Batch(Connection c, Clock clock) {
            this.c = c;
            this.clock = clock;
            sql("starting an intake batch", () -> c.setAutoCommit(false));
        }

        @FunctionalInterface
        private interface Step {
            void run() throws SQLException;
        }

        private static void sql(String what, Step s) {
            try {
                s.run();
            } catch (SQLException e) {
                throw new StoreException(what, e);
            }
        }

        /** Records a Message-ID; false when it was seen before (another inbox, a restart, a purge). */
        @Override
        public boolean markSeen(String messageId, String inbox, String epoch, String commit, boolean relevant) {
            boolean[] fresh = {false};
            sql("recording " + messageId, () -> {
                if (!Jdbc.exists(c, "SELECT 1 FROM seen_messages WHERE message_id = ?", messageId)) {
                    Jdbc.update(c, "INSERT INTO seen_messages (message_id, inbox, epoch, commit_id, relevant,"
                            + " seen_at) VALUES (?,?,?,?,?,?)", messageId, inbox, epoch, commit, relevant,
                            clock.instant());
                    fresh[0] = true;
                }
            });
            return fresh[0];
        }

        @Override
        public void savePatch(String inbox, PatchMail m, boolean relevant) {
            sql("keeping patch mail " + m.messageId(), () -> Jdbc.update(c, "INSERT INTO patch_mails (message_id,"
                    + " inbox, subject, author, refs, diff_paths, has_diff, has_diffstat, relevant, raw, state,"
                    + " received_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", m.messageId(), inbox,
                    Jdbc.truncate(m.subject(), 2000), Jdbc.truncate(m.from(), 998), String.join(" ", m.references()),
                    String.join("\n", m.diffPaths()), m.hasDiff(), m.hasDiffstat(), relevant, m.raw(),
                    PatchState.PENDING.stored(), clock.instant()));
        }

        @Override
        public void saveTrailers(String targetId, String sourceId, List<String> trailers) {
            sql("keeping trailers for " + targetId, () -> {
                for (String t : trailers) {
                    if (!Jdbc.exists(c, "SELECT 1 FROM trailers WHERE target_id = ? AND trailer = ?", targetId,
                            Jdbc.truncate(t, 998))) {
                        Jdbc.update(c, "INSERT INTO trailers (target_id, trailer, source_id) VALUES (?,?,?)",
                                targetId, Jdbc.truncate(t, 998), sourceId);
                    }
                }
            });
        }

        @Override
        public void saveCommandMail(String source, PatchMail m) {
            sql("keeping command mail " + m.messageId(), () -> CommandStore.add(c, m.messageId(), source, m.raw(),
                    clock.instant()));
        }

        @Override
        public void saveUnparseable(String inbox, String epoch, String commit, String reason) {
            sql("recording unparseable " + commit, () -> {
                if (!Jdbc.exists(c, "SELECT 1 FROM unparseable_messages WHERE inbox = ? AND epoch = ? AND"
                        + " commit_id = ?", inbox, epoch, commit)) {
                    Jdbc.update(c, "INSERT INTO unparseable_messages (inbox, epoch, commit_id, reason, seen_at)"
                            + " VALUES (?,?,?,?,?)", inbox, epoch, commit, Jdbc.truncate(reason, 2000),
                            clock.instant());
                }
            });
        }

        @Override
        public void saveCursor(String inbox, String epoch, String fingerprint, String head) {
            sql("moving the cursor of " + inbox, () -> {
                int n = Jdbc.update(c, "UPDATE inbox_epochs SET fingerprint = ?, head = ?, updated_at = ? WHERE"
                        + " inbox = ? AND epoch = ?", fingerprint, head, clock.instant(), inbox, epoch);
                if (n == 0) {
                    Jdbc.update(c, "INSERT INTO inbox_epochs (inbox, epoch, fingerprint, head, updated_at)"
                            + " VALUES (?,?,?,?,?)", inbox, epoch, fingerprint, head, clock.instant());
                }
            });
        }

        @Override
        public void commit() {
            sql("committing an intake batch", c::commit);
        }

        @Override
        public void close() {
            sql("closing an intake batch", () -> {
                try {
                    c.rollback();
                } finally {
                    c.close();
                }
            });
        }
    }

    /** Trailers given in replies to any of these messages, in the order they came. */
    public List<String> trailers(List<String> messageIds) {
        return db.call("reading trailers", c -> {
            List<String> out = new ArrayList<>();
            for (String id : messageIds) {
                for (String t : Jdbc.rows(c, "SELECT trailer FROM trailers WHERE target_id = ?", rs -> rs.getString(1),
                        id)) {
                    if (!out.contains(t)) {
                        out.add(t);
                    }
                }
            }
            return out;
        });
    }

    /** Patch mails in a state, without their raw bytes (enough to assemble series). */
    public List<StoredPatch> patches(PatchState state) {
        return db.call("reading patch mails", c -> Jdbc.rows(c, "SELECT message_id, subject, author, refs,"
                + " diff_paths, has_diff, relevant, state, received_at, has_diffstat FROM patch_mails WHERE state = ?"
                + " ORDER BY received_at, message_id", rs -> {
                    PatchMail.Headers h = new PatchMail.Headers(rs.getString(2), rs.getString(3), null, List.of(),
                            List.of(), words(rs.getString(4), " "), null);
                    PatchMail m = new PatchMail(rs.getString(1), h, new PatchMail.Diff(rs.getBoolean(6),
                            rs.getBoolean(10), words(rs.getString(5), "\n")), new byte[0]);
                    return new StoredPatch(m, rs.getBoolean(7), StoredName.parse(PatchState.class, rs.getString(8)),
                            rs.getTimestamp(9).toInstant());
                }, state.stored()));
    }

    /** The raw patch mail of this Message-ID, if fsnbot keeps it. */
    public Optional<byte[]> rawIfKept(String messageId) {
        return db.call("reading a patch mail", c -> Jdbc.first(c, "SELECT raw FROM patch_mails WHERE message_id = ?",
                rs -> rs.getBytes(1), messageId));
    }

    /** The raw messages, in the order asked; a Message-ID not stored is a bug of the caller. */
    public List<byte[]> raw(List<String> messageIds) {
        return messageIds.stream().map(id -> rawIfKept(id).orElseThrow(() -> new StoreException("reading patch"
                + " mails", new SQLException("no stored patch mail " + id)))).toList();
    }

    /** Adds a mail fetched from elsewhere (the thread from the "all" inbox) unless it is known. */
    /**
     * Keeps a mail already seen (a command mail with a patch inline) as a
     * patch mail in the given state; false when it is kept already.
     */
    public boolean keepAsPatch(String source, PatchMail m, PatchState state) {
        if (db.call("looking up " + m.messageId(), c -> Jdbc.exists(c, "SELECT 1 FROM patch_mails WHERE message_id = ?",
                m.messageId()))) {
            return false;
        }
        try (Batch b = begin()) {
            b.savePatch(source, m, true);
            b.commit();
        }
        setPatchState(List.of(m.messageId()), state);
        return true;
    }

    public boolean addFetched(String inbox, PatchMail m, boolean relevant) {
        try (Batch b = begin()) {
            if (!b.markSeen(m.messageId(), inbox, "thread", "0".repeat(40), relevant)) {
                return false;
            }
            b.savePatch(inbox, m, relevant);
            b.commit();
            return true;
        }
    }

    public void setPatchState(List<String> messageIds, PatchState state) {
        db.inTransaction("marking patch mails " + state.stored(), c -> {
            for (String id : messageIds) {
                Jdbc.update(c, "UPDATE patch_mails SET state = ? WHERE message_id = ?", state.stored(), id);
            }
        });
    }

    public Optional<TreeHead> treeHead(String url, String branch) {
        return db.call("reading the head of " + url, c -> Jdbc.first(c, "SELECT last_seen, last_tested FROM"
                + " tree_heads WHERE url = ? AND branch = ?", rs -> new TreeHead(rs.getString(1), rs.getString(2)),
                url, branch));
    }

    /** When the branch's head last moved (or was first seen), if it has been seen. */
    public Optional<java.time.Instant> treeHeadSince(String url, String branch) {
        return db.call("reading the head of " + url, c -> Jdbc.first(c, "SELECT updated_at FROM tree_heads"
                + " WHERE url = ? AND branch = ?", rs -> rs.getTimestamp(1).toInstant(), url, branch));
    }

    public void saveTreeHead(String url, String branch, TreeHead h) {
        db.run("saving the head of " + url, c -> {
            int n = Jdbc.update(c, "UPDATE tree_heads SET last_seen = ?, last_tested = ?, updated_at = ? WHERE"
                    + " url = ? AND branch = ?", h.lastSeen(), h.lastTested(), clock.instant(), url, branch);
            if (n == 0) {
                Jdbc.update(c, "INSERT INTO tree_heads (url, branch, last_seen, last_tested, updated_at)"
                        + " VALUES (?,?,?,?,?)", url, branch, h.lastSeen(), h.lastTested(), clock.instant());
            }
        });
    }

    private static List<String> words(String s, String sep) {
        return s == null || s.isBlank() ? List.of() : Arrays.asList(s.split(sep));
    }
}
