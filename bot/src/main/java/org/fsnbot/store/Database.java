package org.fsnbot.store;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * The store's one way into the database: work on a connection, with every
 * SQLException wrapped once, here, naming what was being done.
 */
final class Database {

    /** Work on a connection. */
    @FunctionalInterface
    interface Sql<T> {
        T run(Connection c) throws SQLException;
    }

    /** Work on a connection that returns nothing. */
    @FunctionalInterface
    interface SqlAction {
        void run(Connection c) throws SQLException;
    }

    private final DataSource ds;

    Database(DataSource ds) {
        this.ds = ds;
    }

    DataSource dataSource() {
        return ds;
    }

    /** Runs work with auto-commit on: each statement stands alone. */
    <T> T call(String what, Sql<T> work) {
        try (Connection c = ds.getConnection()) {
            return work.run(c);
        } catch (SQLException e) {
            throw new StoreException(what, e);
        }
    }

    void run(String what, SqlAction work) {
        call(what, c -> {
            work.run(c);
            return null;
        });
    }

    /** Runs work in one transaction: all of it is kept, or none. */
    <T> T transaction(String what, Sql<T> work) {
        return call(what, c -> {
            c.setAutoCommit(false);
            try {
                T t = work.run(c);
                c.commit();
                return t;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        });
    }

    void inTransaction(String what, SqlAction work) {
        transaction(what, c -> {
            work.run(c);
            return null;
        });
    }

    /** A connection the caller keeps (a follower's batch); failures to open it are wrapped too. */
    Connection open(String what) {
        try {
            return ds.getConnection();
        } catch (SQLException e) {
            throw new StoreException(what, e);
        }
    }
}
