package org.fsnbot.exec;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The mark a process fsnbot starts carries (Orphans.VARIABLE): the home it
 * works in and which fsnbot process started it, by pid and start time (a
 * pid alone is reused). "Left running by a killed fsnbot" is then a fact
 * read off /proc (the starter is gone), not a belief about who else may
 * have the home open: a second process on the same home (`fsnbot jobs`
 * while `fsnbot run` boots, a test-patch beside a run) can never take
 * another live process's boots for leftovers.
 */
public record OwnerMark(String home, long pid, long started) {

    private static final Pattern SUFFIX = Pattern.compile("@(\\d{1,10})\\.(\\d{1,19})$");

    public OwnerMark {
        Objects.requireNonNull(home);
        if (home.isBlank() || home.contains("\0")) {
            throw new IllegalArgumentException("an owner mark's home must be a plain string: " + home);
        }
        if (pid < 1 || started < 0) {
            throw new IllegalArgumentException("an owner mark names a process: pid " + pid + ", started " + started);
        }
    }

    /** This process as the starter of what it runs on home. */
    public static OwnerMark ofThisProcess(String home) {
        ProcessHandle me = ProcessHandle.current();
        return new OwnerMark(home, me.pid(), startOf(me).orElse(0L));
    }

    /** The mark's text, as processes carry it in their environment and tmpfs and containers as their label. */
    public String value() {
        return home + "@" + pid + "." + started;
    }

    /** The mark in value, or empty for any other text (an older fsnbot's home-only mark among them). */
    public static Optional<OwnerMark> parse(String value) {
        Matcher m = SUFFIX.matcher(value);
        if (!m.find() || m.start() == 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(new OwnerMark(value.substring(0, m.start()), Long.parseLong(m.group(1)),
                    Long.parseLong(m.group(2))));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Whether the process that made this mark still runs (the same pid, started at the same moment). */
    public boolean starterAlive() {
        // A process whose start this JVM cannot read is taken for the starter: never kill on a doubt.
        return ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
                .map(h -> startOf(h).map(s -> s == started).orElse(true)).orElse(false);
    }

    /**
     * Whether a thing marked other was left by a process that is gone, as
     * seen by the process marked mine: for a plain name (the tests'), the
     * same name; for a mark, another process's mark on the same home whose
     * process has ended (never this process's own: it may be another job's
     * in this JVM).
     */
    public static boolean leftover(String other, String mine) {
        if (other == null) {
            return false;
        }
        Optional<OwnerMark> me = parse(mine);
        if (me.isEmpty()) {
            return other.equals(mine);
        }
        return !other.equals(mine) && parse(other).filter(m -> m.home().equals(me.get().home()) && !m.starterAlive())
                .isPresent();
    }

    private static Optional<Long> startOf(ProcessHandle h) {
        return h.info().startInstant().map(Instant::toEpochMilli);
    }
}
