package org.fsnbot.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The few JDBC idioms the store classes share: bind, query rows, insert returning the key, update. */
final class Jdbc {

    /** Reads one row. */
    @FunctionalInterface
    interface Row<T> {
        T read(ResultSet rs) throws SQLException;
    }

    private Jdbc() {
    }

    static int update(Connection c, String sql, Object... args) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            bind(ps, args);
            return ps.executeUpdate();
        }
    }

    /** Whether a query returns any row. */
    static boolean exists(Connection c, String sql, Object... args) throws SQLException {
        return first(c, sql, rs -> true, args).isPresent();
    }

    static <T> List<T> rows(Connection c, String sql, Row<T> row, Object... args) throws SQLException {
        List<T> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            bind(ps, args);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(row.read(rs));
                }
            }
        }
        return out;
    }

    static <T> Optional<T> first(Connection c, String sql, Row<T> row, Object... args) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            bind(ps, args);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.ofNullable(row.read(rs)) : Optional.empty();
            }
        }
    }

    static long insert(Connection c, String sql, Object... args) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql, Statement.RETURN_GENERATED_KEYS)) {
            bind(ps, args);
            ps.executeUpdate();
            try (ResultSet rs = ps.getGeneratedKeys()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    static void bind(PreparedStatement ps, Object... args) throws SQLException {
        for (int i = 0; i < args.length; i++) {
            Object a = args[i];
            if (a == null) {
                ps.setNull(i + 1, Types.NULL);
            } else if (a instanceof Instant t) {
                ps.setTimestamp(i + 1, Timestamp.from(t));
            } else if (a instanceof byte[] b) {
                ps.setBytes(i + 1, b);
            } else if (a instanceof Enum<?> e) {
                throw new IllegalArgumentException("bind an enum by its stored name, not " + e);
            } else {
                ps.setObject(i + 1, a);
            }
        }
    }

    static String truncate(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }
}
