package org.fsnbot.cli;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.fsnbot.app.Application;
import org.fsnbot.stats.Verdict;
import org.fsnbot.store.JobRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** `fsnbot jobs`: the recent jobs, one line each, newest first. */
@Command(name = "jobs", mixinStandardHelpOptions = true,
        description = "List the most recent jobs: number, start, result and what each tested (fsnbot show --job N"
                + " shows one).")
public final class JobsCommand implements Callable<Integer> {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    @Option(names = "--limit", defaultValue = "20", description = "At most this many (default: ${DEFAULT-VALUE}).")
    int limit;

    @Mixin
    ConfigOptions options;

    @Override
    public Integer call() throws Exception {
        BadInput.require(limit >= 1, "--limit must be at least 1");
        try (Application app = Application.look(options.load())) {
            var jobs = app.store().jobRecords().recent(limit);
            if (jobs.isEmpty()) {
                System.out.println("No job yet.");
            }
            for (JobRecord.Summary s : jobs) {
                System.out.printf(Locale.ROOT, "%6d  %s  %-22s  %s%n", s.id(), WHEN.format(s.times().created()),
                        result(s), TerminalText.line(s.subject()));
            }
        }
        return ExitCodes.OK;
    }

    /** The overall verdict of a measured job, else its reply kind, else its state. */
    static String result(JobRecord.Summary s) {
        for (Verdict v : Verdict.values()) {
            if (v.name().equals(s.verdict())) {
                return v.text();
            }
        }
        return s.times().outcome().isEmpty() ? s.state() : s.times().outcome().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
