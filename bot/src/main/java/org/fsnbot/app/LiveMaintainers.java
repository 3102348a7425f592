package org.fsnbot.app;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.fsnbot.intake.MaintainersPatterns;
import org.fsnbot.intake.MaintainersPeople;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fsnotify entries of MAINTAINERS, which decide which mails are
 * fsnotify patches and who may command fsnbot: read from the first base
 * tree. A long-lived service must not die because that tree cannot be
 * fetched when it starts (the network is down, the host renamed): until it
 * can, fsnbot follows with the entries bundled with it (Linux 6.12's), says
 * so, and tries the tree again at the polls after a back-off that starts at
 * a minute and doubles to at most an hour.
 */
final class LiveMaintainers {

    private static final Logger log = LoggerFactory.getLogger(LiveMaintainers.class);
    private static final Duration FIRST_WAIT = Duration.ofMinutes(1);
    private static final Duration LONGEST_WAIT = Duration.ofHours(1);
    private static final String BUNDLED = "/fsnbot/MAINTAINERS.fsnotify";

    /** Where MAINTAINERS comes from (the first base tree at its revision). */
    @FunctionalInterface
    interface Source {
        String read() throws IOException;
    }

    /** The entries in use, and whether they are the tree's (else the bundled ones). */
    private record Entries(MaintainersPatterns patterns, MaintainersPeople people, boolean fromTree) {
        static Entries of(String maintainers, boolean fromTree) {
            return new Entries(MaintainersPatterns.parse(maintainers, MaintainersPatterns.FSNOTIFY_ENTRIES),
                    MaintainersPeople.parse(maintainers, MaintainersPatterns.FSNOTIFY_ENTRIES), fromTree);
        }
    }

    private final Source source;
    private final String where;
    private final Clock clock;
    private volatile Entries entries;
    private Instant nextTry;
    private Duration wait = FIRST_WAIT;

    /** where: the tree and revision, for the log. Reads the tree once now; never throws for it. */
    LiveMaintainers(Source source, String where, Clock clock) {
        this.source = source;
        this.where = where;
        this.clock = clock;
        this.entries = Entries.of(bundled(), false);
        this.nextTry = clock.instant();
        refresh();
    }

    /** Tries the tree again if fsnbot is still on the bundled entries and the back-off has passed. */
    synchronized void refresh() {
        if (entries.fromTree() || clock.instant().isBefore(nextTry)) {
            return;
        }
        try {
            entries = Entries.of(source.read(), true);
            if (wait.compareTo(FIRST_WAIT) > 0) {
                log.info("MAINTAINERS of {} read: following with its fsnotify entries from now on", where);
            }
        } catch (IOException | RuntimeException e) {
            nextTry = clock.instant().plus(wait);
            log.warn("MAINTAINERS of {} cannot be read ({}): following with the fsnotify entries bundled with"
                    + " fsnbot; trying again at the first poll after {} s", where, e.toString(), wait.toSeconds());
            wait = wait.multipliedBy(2).compareTo(LONGEST_WAIT) > 0 ? LONGEST_WAIT : wait.multipliedBy(2);
        }
    }

    MaintainersPatterns patterns() {
        return entries.patterns();
    }

    MaintainersPeople people() {
        return entries.people();
    }

    private static String bundled() {
        try (InputStream in = LiveMaintainers.class.getResourceAsStream(BUNDLED)) {
            if (in == null) {
                throw new IllegalStateException("bundled resource missing: " + BUNDLED);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
