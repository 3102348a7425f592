package org.fsnbot.store;

import java.util.Objects;
import java.util.Optional;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.RunOptions;

/**
 * One unit of work as queued: a key that makes it unique (the same series
 * revision or tree range is queued once), a title (revisions of a series
 * share it), what to measure, on which base (none for a series recorded
 * as incomplete), how (the run options a command gave), and the command
 * mail the result answers, if someone asked.
 */
public record WorkItem(String key, String title, WorkTarget target, Optional<Base> base, RunOptions options,
        Optional<String> answerTo) {

    public WorkItem {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(answerTo, "answerTo");
    }

    /** Work fsnbot found by itself: measured with the defaults, answered in its own thread. */
    public static WorkItem found(String key, String title, WorkTarget target, Base base) {
        return new WorkItem(key, title, target, Optional.of(base), RunOptions.DEFAULTS, Optional.empty());
    }

    /** A series that cannot be tested: its parts or prerequisites never all arrived. */
    public static WorkItem incomplete(String key, String title, WorkTarget.Series target) {
        return new WorkItem(key, title, target, Optional.empty(), RunOptions.DEFAULTS, Optional.empty());
    }

    /** Work a command asked for, with its options, answered under the command mail. */
    public static WorkItem requested(String key, String title, WorkTarget target, Base base, RunOptions options,
            String commandMessageId) {
        return new WorkItem(key, title, target, Optional.of(base), options, Optional.of(commandMessageId));
    }

    public WorkKind kind() {
        if (target instanceof WorkTarget.Series) {
            return WorkKind.SERIES;
        }
        return target instanceof WorkTarget.Bisect ? WorkKind.BISECT : WorkKind.TREE;
    }
}
