package org.fsnbot.store;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.fsnbot.plan.Base;

/** A queued unit of work with its id, where it stands, and what became of it (detail). */
public record Work(long id, WorkItem item, WorkState state, String detail) {

    public Work {
        Objects.requireNonNull(item);
        Objects.requireNonNull(state);
    }

    public WorkKind kind() {
        return item.kind();
    }

    public String title() {
        return item.title();
    }

    public Optional<Base> base() {
        return item.base();
    }

    public Optional<String> answerTo() {
        return item.answerTo();
    }

    /** The series' own mails; none for a tree revision. */
    public List<String> messageIds() {
        return item.target() instanceof WorkTarget.Series s ? s.messageIds() : List.of();
    }

    /** Whether the unit is about any of these mails (they are its series, or it answers one of them). */
    public boolean touches(List<String> ids) {
        return messageIds().stream().anyMatch(ids::contains) || answerTo().map(ids::contains).orElse(false);
    }
}
