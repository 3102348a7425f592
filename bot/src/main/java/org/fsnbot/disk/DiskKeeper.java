package org.fsnbot.disk;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A home's housekeeping as the loops use it: before they take anything
 * in, kept files whose time is up are removed (at most once per sweep
 * interval: a sweep lists every job directory) and the free space is
 * weighed against its floor. Says a pause once when it starts and once
 * when it ends, not at every poll.
 */
public final class DiskKeeper {

    private static final Logger log = LoggerFactory.getLogger(DiskKeeper.class);
    /** How often the kept files are swept: their ages are counted in days. */
    static final Duration SWEEP_EVERY = Duration.ofHours(1);

    private final Retention retention;
    private final SpaceFloor floor;
    private final Clock clock;
    private Instant nextSweep = Instant.MIN;
    private boolean paused;

    public DiskKeeper(Retention retention, SpaceFloor floor, Clock clock) {
        this.retention = Objects.requireNonNull(retention);
        this.floor = Objects.requireNonNull(floor);
        this.clock = Objects.requireNonNull(clock);
    }

    /**
     * Sweeps when a sweep is due (or the floor is crossed: room may be
     * made at once), then says why intake must pause, if it must.
     */
    public synchronized Optional<String> tidy() {
        Instant now = clock.instant();
        Optional<String> why = floor.shortOf();
        if (!now.isBefore(nextSweep) || why.isPresent()) {
            nextSweep = now.plus(SWEEP_EVERY);
            try {
                retention.sweep();
            } catch (IOException | RuntimeException e) {
                log.warn("retention: the sweep stopped: {} (again in {} min)", e.toString(), SWEEP_EVERY.toMinutes());
            }
            why = floor.shortOf();
        }
        if (why.isPresent() != paused) {
            paused = why.isPresent();
            if (paused) {
                log.error("OPERATOR: {}", why.get());
            } else {
                log.info("there is room again on the home's file system: intake and measuring resume");
            }
        }
        return why;
    }

    /** Why intake pauses now, without sweeping: for /readyz, which must be cheap. */
    public Optional<String> shortOf() {
        return floor.shortOf();
    }
}
