package org.fsnbot.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.fsnbot.app.Application;
import org.fsnbot.store.FleetCensus;
import org.fsnbot.store.QueueEntry;
import org.fsnbot.store.WorkState;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * `fsnbot health`: the fleet as a monitoring check sees it. Exit 0 when
 * nothing needs the operator; 4, with one line per finding, when the
 * store cannot be read, a unit is a dead letter, a unit runs on a runner
 * that is gone, or a runner is active but holds no name.
 */
@Command(name = "health", mixinStandardHelpOptions = true,
        description = "Check the fleet from its store: the queue, the runners, and what needs the operator (dead"
                + " letters, units on runners that are gone). Exit 0: nothing needs you; 4: something does.")
public final class HealthCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions options;

    @Override
    public Integer call() throws Exception {
        PrintStream out = System.out;
        List<String> findings = new ArrayList<>();
        try (Application app = Application.look(options.load())) {
            FleetCensus.Counts c = app.store().census().count();
            long waiting = c.open().stream().filter(u -> u.state().equals(WorkState.QUEUED.stored())).mapToLong(FleetCensus.Units::count)
                    .sum();
            long running = c.open().stream().filter(u -> u.state().equals(WorkState.RUNNING.stored()))
                    .mapToLong(FleetCensus.Units::count).sum();
            long oldest = c.open().stream().filter(u -> u.state().equals(WorkState.QUEUED.stored())).mapToLong(u -> u.oldest()
                    .toMinutes()).max().orElse(0);
            out.printf(Locale.ROOT, "queue: %d waiting (the oldest for %d min), %d running%n", waiting, oldest,
                    running);
            out.println("runners: " + (c.runners().isEmpty() ? "none registered" : c.runners().toString()
                    .replaceAll("[{}]", "")));
            out.println("units: " + c.units().toString().replaceAll("[{}]", ""));
            long dead = c.units(WorkState.DEAD_LETTER.stored());
            if (dead > 0) {
                findings.add(dead + " dead-letter unit(s): their runner died each time they ran;"
                        + " fsnbot requeue or fsnbot fail each");
            }
            List<Long> orphaned = app.store().fleet().open().stream().filter(QueueEntry::runnerGone)
                    .map(QueueEntry::id).toList();
            if (!orphaned.isEmpty()) {
                findings.add("unit(s) " + orphaned + " run on runners that are gone: a coordinator queues them"
                        + " again within two check-in intervals; if none runs, start one");
            }
            if (c.runners().getOrDefault("gone", 0L) > 0) {
                findings.add(c.runners().get("gone") + " runner(s) active but holding no name (their process is"
                        + " gone): start them again, or fsnbot drain them (fsnbot runners names them)");
            }
        }
        findings.forEach(f -> out.println("NEEDS YOU: " + f));
        out.println(findings.isEmpty() ? "healthy" : "not healthy: " + findings.size() + " finding(s)");
        return findings.isEmpty() ? ExitCodes.OK : ExitCodes.TROUBLE;
    }
}
