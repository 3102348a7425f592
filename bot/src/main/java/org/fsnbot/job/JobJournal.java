package org.fsnbot.job;

import org.fsnbot.build.BuildResult;
import org.fsnbot.run.BootRecord;
import org.fsnbot.testbed.Instrument;

/**
 * Where the phases record what they did as they do it, so a crash leaves
 * the builds and boots so far in the store. A calibration keeps none.
 */
public interface JobJournal {

    JobJournal NONE = new JobJournal() {
    };

    /** The base's commit and the candidate's (null when it did not apply). */
    default void applied(String baseCommit, String patchedCommit) {
    }

    default void built(BuildResult b) {
    }

    default void accelerator(Instrument d) {
    }

    default void booted(BootRecord b) {
    }

    /** Whether a pinned guest was verified in the guest and on the host (docs/numa.md). */
    default void topology(boolean verified) {
    }
}
