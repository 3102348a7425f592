package org.fsnbot.cli;

import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.fsnbot.app.Application;
import org.fsnbot.app.Config;
import org.fsnbot.trend.WeeklyReporter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** `fsnbot trends`: the weekly trend report on demand, for one week or every week since a date; never mailed. */
@Command(name = "trends", mixinStandardHelpOptions = true,
        description = "Make the weekly trend report (docs/trends.md) now: its text on stdout, its pages, charts"
                + " and data under --out. Nothing is mailed.")
public final class TrendsCommand implements Callable<Integer> {

    @Option(names = "--tree", description = "Only this tree's lines (as configured under watch:).")
    String tree;

    @Option(names = "--since", description = "Every week from the one holding this date (YYYY-MM-DD) to this one"
            + " (default: this week only, so far).")
    String since;

    @Option(names = "--out", defaultValue = "fsnbot-trends", description = "Where the pages go (default:"
            + " ${DEFAULT-VALUE}).")
    Path out;

    @Mixin
    ConfigOptions options;

    @Override
    public Integer call() throws Exception {
        Config cfg = options.load();
        LocalDate now = WeeklyReporter.weekOf(Clock.systemUTC().instant());
        LocalDate from = now;
        if (since != null) {
            try {
                from = WeeklyReporter.weekOf(LocalDate.parse(since).atStartOfDay(java.time.ZoneOffset.UTC).toInstant());
            } catch (DateTimeParseException e) {
                throw new BadInput("--since must be a date, YYYY-MM-DD: " + since);
            }
            BadInput.require(!from.isAfter(now), "--since is in the future: " + since);
        }
        try (Application app = Application.look(cfg)) {
            WeeklyReporter reporter = app.weeklyReporter();
            for (LocalDate w = from; !w.isAfter(now); w = w.plusWeeks(1)) {
                System.out.print(reporter.onDemand(w, Optional.ofNullable(tree), out));
            }
        }
        System.err.println("fsnbot: pages in " + out.toAbsolutePath().resolve("weeks.html"));
        return ExitCodes.OK;
    }
}
