package org.fsnbot.app;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A command that only looks found no fsnbot home or database where the
 * configuration points: nothing has run there yet, or the home is
 * another. It makes neither (an operator's typo would otherwise leave an
 * empty home and database behind and print "no job yet").
 */
public final class NothingHere extends RuntimeException {

    private static final long serialVersionUID = 1L;

    NothingHere(String message) {
        super(message);
    }

    /** Throws unless home holds the single machine's database. */
    static void requireStore(Home home) {
        Path file = home.database().resolveSibling(home.database().getFileName() + ".mv.db");
        if (!Files.isDirectory(home.root())) {
            throw new NothingHere("no fsnbot home at " + home.root() + ": nothing has run there yet (FSNBOT_HOME"
                    + " or the configuration's home names another)");
        }
        if (!Files.isRegularFile(file)) {
            throw new NothingHere("no fsnbot database in " + home.root() + " (" + file + " is not there): nothing"
                    + " has run there yet");
        }
    }
}
