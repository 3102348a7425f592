package org.fsnbot.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;
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

    /** A stored patch mail, waiting or done, with when it arrived. */
    public record StoredPatch(PatchMail mail, boolean relevant, String state, Instant receivedAt) {
    }

    private final DataSource ds;

    IntakeLedger(DataSource ds) {
        this.ds = ds;
    }

    @Override
    public Optional<Cursor> cursor(String inbox, String epoch) throws SQLException {
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT fingerprint, head FROM inbox_epochs WHERE inbox = ? AND epoch = ?")) {
            Jdbc.bind(ps, inbox, epoch);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(new Cursor(rs.getString(1), rs.getString(2))) : Optional.empty();
            }
        }
    }

    public boolean seen(String messageId) throws SQLException {
        try (Connection c = ds.getConnection()) {
            return Jdbc.exists(c, "SELECT 1 FROM seen_messages WHERE message_id = ?", messageId);
        }
    }

    @Override
    public Batch begin() throws SQLException {
        return new Batch(ds.getConnection());
    }

    /** One epoch walk's writes. */
    public static final class Batch implements FollowState.Writer {
        private final Connection c;

        Batch(Connection c) throws SQLException {
            this.c = c;
            c.setAutoCommit(false);
        }

        /** Records a Message-ID; false when it was seen before (another inbox, a restart, a purge). */
        @Override
        public boolean markSeen(String messageId, String inbox, String epoch, String commit, boolean relevant)
                throws SQLException {
            if (Jdbc.exists(c, "SELECT 1 FROM seen_messages WHERE message_id = ?", messageId)) {
                return false;
            }
            Jdbc.update(c, "INSERT INTO seen_messages (message_id, inbox, epoch, commit_id, relevant, seen_at)"
                    + " VALUES (?,?,?,?,?,?)", messageId, inbox, epoch, commit, relevant, Instant.now());
            return true;
        }

        @Override
        public void savePatch(String inbox, PatchMail m, boolean relevant) throws SQLException {
            Jdbc.update(c, "INSERT INTO patch_mails (message_id, inbox, subject, author, refs, diff_paths, has_diff,"
                    + " has_diffstat, relevant, raw, state, received_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                    m.messageId(), inbox, Jdbc.truncate(m.subject(), 2000), Jdbc.truncate(m.from(), 998),
                    String.join(" ", m.references()), String.join("\n", m.diffPaths()), m.hasDiff(), m.hasDiffstat(),
                    relevant, m.raw(), "pending", Instant.now());
        }

        @Override
        public void saveTrailers(String targetId, String sourceId, List<String> trailers) throws SQLException {
            for (String t : trailers) {
                if (Jdbc.exists(c, "SELECT 1 FROM trailers WHERE target_id = ? AND trailer = ?", targetId,
                        Jdbc.truncate(t, 998))) {
                    continue;
                }
                Jdbc.update(c, "INSERT INTO trailers (target_id, trailer, source_id) VALUES (?,?,?)", targetId,
                        Jdbc.truncate(t, 998), sourceId);
            }
        }

        @Override
        public void saveCommandMail(String source, PatchMail m) throws SQLException {
            CommandStore.add(c, m.messageId(), source, m.raw());
        }

        @Override
        public void saveCursor(String inbox, String epoch, String fingerprint, String head) throws SQLException {
            int n = Jdbc.update(c, "UPDATE inbox_epochs SET fingerprint = ?, head = ?, updated_at = ? WHERE inbox = ?"
                    + " AND epoch = ?", fingerprint, head, Instant.now(), inbox, epoch);
            if (n == 0) {
                Jdbc.update(c, "INSERT INTO inbox_epochs (inbox, epoch, fingerprint, head, updated_at)"
                        + " VALUES (?,?,?,?,?)", inbox, epoch, fingerprint, head, Instant.now());
            }
        }

        @Override
        public void commit() throws SQLException {
            c.commit();
        }

        @Override
        public void close() throws SQLException {
            try {
                c.rollback();
            } finally {
                c.close();
            }
        }
    }

    /** Trailers given in replies to any of these messages, in the order they came. */
    public List<String> trailers(List<String> messageIds) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = ds.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT trailer FROM trailers WHERE target_id = ?")) {
            for (String id : messageIds) {
                Jdbc.bind(ps, id);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        if (!out.contains(rs.getString(1))) {
                            out.add(rs.getString(1));
                        }
                    }
                }
            }
        }
        return out;
    }

    /** Patch mails in a state, without their raw bytes (enough to assemble series). */
    public List<StoredPatch> patches(String state) throws SQLException {
        List<StoredPatch> out = new ArrayList<>();
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT message_id, subject, author, refs, diff_paths, has_diff, relevant, state, received_at,"
                        + " has_diffstat"
                        + " FROM patch_mails WHERE state = ? ORDER BY received_at, message_id")) {
            Jdbc.bind(ps, state);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    PatchMail m = new PatchMail(rs.getString(1), rs.getString(2), rs.getString(3), null, List.of(),
                            List.of(), words(rs.getString(4), " "), null, rs.getBoolean(6), rs.getBoolean(10),
                            words(rs.getString(5), "\n"), new byte[0]);
                    out.add(new StoredPatch(m, rs.getBoolean(7), rs.getString(8),
                            rs.getTimestamp(9).toInstant()));
                }
            }
        }
        return out;
    }

    /** The raw messages, in the order asked. */
    public List<byte[]> raw(List<String> messageIds) throws SQLException {
        Map<String, byte[]> found = new LinkedHashMap<>();
        try (Connection c = ds.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT raw FROM patch_mails WHERE message_id = ?")) {
            for (String id : messageIds) {
                Jdbc.bind(ps, id);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        throw new SQLException("no stored patch mail " + id);
                    }
                    found.put(id, rs.getBytes(1));
                }
            }
        }
        return List.copyOf(found.values());
    }

    /** Adds a mail fetched from elsewhere (the thread from the "all" inbox) unless it is known. */
    public boolean addFetched(String inbox, PatchMail m, boolean relevant) throws SQLException {
        try (Batch b = begin()) {
            if (!b.markSeen(m.messageId(), inbox, "thread", "0".repeat(40), relevant)) {
                return false;
            }
            b.savePatch(inbox, m, relevant);
            b.commit();
            return true;
        }
    }

    public void setPatchState(List<String> messageIds, String state) throws SQLException {
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            for (String id : messageIds) {
                Jdbc.update(c, "UPDATE patch_mails SET state = ? WHERE message_id = ?", state, id);
            }
            c.commit();
        }
    }

    public Optional<TreeHead> treeHead(String url, String branch) throws SQLException {
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT last_seen, last_tested FROM tree_heads WHERE url = ? AND branch = ?")) {
            Jdbc.bind(ps, url, branch);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(new TreeHead(rs.getString(1), rs.getString(2))) : Optional.empty();
            }
        }
    }

    public void saveTreeHead(String url, String branch, TreeHead h) throws SQLException {
        try (Connection c = ds.getConnection()) {
            int n = Jdbc.update(c, "UPDATE tree_heads SET last_seen = ?, last_tested = ?, updated_at = ? WHERE url = ?"
                    + " AND branch = ?", h.lastSeen(), h.lastTested(), Instant.now(), url, branch);
            if (n == 0) {
                Jdbc.update(c, "INSERT INTO tree_heads (url, branch, last_seen, last_tested, updated_at)"
                        + " VALUES (?,?,?,?,?)", url, branch, h.lastSeen(), h.lastTested(), Instant.now());
            }
        }
    }

    private static List<String> words(String s, String sep) {
        return s == null || s.isBlank() ? List.of() : Arrays.asList(s.split(sep));
    }
}
