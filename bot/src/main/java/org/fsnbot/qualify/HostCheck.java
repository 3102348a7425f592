package org.fsnbot.qualify;

import java.util.Objects;

/**
 * One fact about a runner's host that moves its figures, as `fsnbot
 * qualify` found it: what it is, what was found, whether it is fine for
 * the clock the runner measures with, and what to change when it is not.
 */
public record HostCheck(String name, String found, Status status, String change) {

    /** Fine as it is; worth changing; or a fact that does not move this runner's figures. */
    public enum Status {
        OK("ok"), CHANGE("change"), NOTE("note");

        private final String word;

        Status(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }
    }

    public HostCheck {
        Objects.requireNonNull(name);
        Objects.requireNonNull(found);
        Objects.requireNonNull(status);
        Objects.requireNonNull(change);
        if (status == Status.CHANGE && change.isBlank()) {
            throw new IllegalArgumentException("a check that asks for a change says which: " + name);
        }
    }

    static HostCheck ok(String name, String found) {
        return new HostCheck(name, found, Status.OK, "");
    }

    static HostCheck note(String name, String found, String why) {
        return new HostCheck(name, found, Status.NOTE, why);
    }

    static HostCheck change(String name, String found, String change) {
        return new HostCheck(name, found, Status.CHANGE, change);
    }
}
