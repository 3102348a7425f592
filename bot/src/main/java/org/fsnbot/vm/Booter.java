package org.fsnbot.vm;

import java.io.IOException;
import java.nio.file.Path;
import org.fsnbot.boot.BootOutcome;
import org.fsnbot.boot.Guest;

/**
 * Boots one guest and classifies how it ended. QEMU in production; the
 * runner's tests give it fakes that fail the way real boots do.
 */
@FunctionalInterface
public interface Booter {
    BootOutcome boot(Guest guest, Machine machine, String bootId, Path dir) throws IOException;
}
