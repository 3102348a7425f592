package org.fsnbot.intake;

import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * What the follower needs to remember between polls: a cursor per epoch and
 * the Message-IDs it has seen. Implemented by the store; declared here so
 * that intake does not depend on a later stage.
 */
public interface FollowState {

    /** Where the last walk of an epoch stopped: the manifest fingerprint and the last commit. */
    record Cursor(String fingerprint, String head) {
    }

    Optional<Cursor> cursor(String inbox, String epoch) throws SQLException;

    /** Starts one epoch walk's writes; none is visible until commit. */
    Writer begin() throws SQLException;

    /** The writes of one walk, committed together with the cursor that covers them. */
    interface Writer extends AutoCloseable {
        /** Records a Message-ID; false when it was seen before. */
        boolean markSeen(String messageId, String inbox, String epoch, String commit, boolean relevant)
                throws SQLException;

        /** Keeps a patch mail that may become (part of) a series to test. */
        void savePatch(String inbox, PatchMail m, boolean relevant) throws SQLException;

        /** Records review trailers a reply gives to the message it answers. */
        void saveTrailers(String targetId, String sourceId, List<String> trailers) throws SQLException;

        /** Keeps a mail that may hold #fsnbot commands, to be answered. */
        void saveCommandMail(String source, PatchMail m) throws SQLException;

        void saveCursor(String inbox, String epoch, String fingerprint, String head) throws SQLException;

        void commit() throws SQLException;

        @Override
        void close() throws SQLException;
    }
}
