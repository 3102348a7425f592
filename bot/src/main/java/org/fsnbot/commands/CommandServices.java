package org.fsnbot.commands;

import java.util.List;
import java.util.Objects;
import org.fsnbot.plan.JobDefaults;
import org.fsnbot.store.IntakeLedger;
import org.fsnbot.store.WorkQueue;

/**
 * What command handlers are made from: the work queue, the intake ledger
 * (a patch inline in a command mail), the job defaults, the queue's wait
 * estimate, the git URLs `test` may name, and the tree a revision means
 * when a command names none.
 */
public record CommandServices(WorkQueue queue, IntakeLedger intake, JobDefaults defaults, QueueEstimate estimate,
        List<String> testUrlPrefixes, String defaultTree) {
    public CommandServices {
        Objects.requireNonNull(queue);
        Objects.requireNonNull(intake);
        Objects.requireNonNull(defaults);
        Objects.requireNonNull(estimate);
        testUrlPrefixes = List.copyOf(testUrlPrefixes);
        Objects.requireNonNull(defaultTree);
    }
}
