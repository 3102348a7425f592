package org.fsnbot.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.fsnbot.app.Application;
import org.fsnbot.store.QueueEntry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** `fsnbot queue`: what waits, what runs where, and for how long. */
@Command(name = "queue", mixinStandardHelpOptions = true,
        description = "Show the work queue: units waiting (with the runner class each was handed to) and units"
                + " running (on which runner), with their ages.")
public final class QueueCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions options;

    @Override
    public Integer call() throws Exception {
        PrintStream out = System.out;
        try (Application app = Application.look(options.load())) {
            List<QueueEntry> open = app.store().fleet().open();
            if (open.isEmpty()) {
                out.println("Nothing is queued or running.");
            }
            for (QueueEntry e : open) {
                out.printf(Locale.ROOT, "#%d %s %s: %s for %d min%n", e.id(), e.kind(), e.title(), e.where(),
                        e.age().toMinutes());
            }
        }
        return ExitCodes.OK;
    }
}
