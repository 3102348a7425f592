package org.fsnbot.intake;

import java.util.List;
import java.util.Optional;

/**
 * What the follower needs to remember between polls: a cursor per epoch and
 * the Message-IDs it has seen. Implemented by the store; declared here so
 * that intake does not depend on a later stage. Failures of the store are
 * unchecked (store.StoreException): a poll cannot go on without it.
 */
public interface FollowState {

    /** Where the last walk of an epoch stopped: the manifest fingerprint and the last commit. */
    record Cursor(String fingerprint, String head) {
    }

    Optional<Cursor> cursor(String inbox, String epoch);

    /** Starts one epoch walk's writes; none is visible until commit. */
    Writer begin();

    /** The writes of one walk, committed together with the cursor that covers them. */
    interface Writer extends AutoCloseable {
        /** Records a Message-ID; false when it was seen before. */
        boolean markSeen(String messageId, String inbox, String epoch, String commit, boolean relevant);

        /** Keeps a patch mail that may become (part of) a series to test. */
        void savePatch(String inbox, PatchMail m, boolean relevant);

        /** Records review trailers a reply gives to the message it answers. */
        void saveTrailers(String targetId, String sourceId, List<String> trailers);

        /** Keeps a mail that may hold #fsnbot commands, to be answered. */
        void saveCommandMail(String source, PatchMail m);

        /** Records a message that could not be taken, with why; the walk goes on past it. */
        void saveUnparseable(String inbox, String epoch, String commit, String reason);

        void saveCursor(String inbox, String epoch, String fingerprint, String head);

        void commit();

        @Override
        void close();
    }
}
