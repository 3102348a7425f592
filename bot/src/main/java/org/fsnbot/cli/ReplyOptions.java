package org.fsnbot.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.fsnbot.app.Application;
import org.fsnbot.app.Config;
import org.fsnbot.job.Job;
import org.fsnbot.job.JobOutcome;
import org.fsnbot.job.ResultFiles;
import picocli.CommandLine.Option;

/**
 * Where a one-off job's reply goes and what is printed of it, for the
 * commands that run one job from the command line (test-patch, compare).
 */
final class ReplyOptions {

    @Option(names = "--outbox", description = "Directory for the reply .eml (default: <home>/outbox).")
    Path outbox;

    @Option(names = "--from", description = "Our From address (default: the configuration's).")
    String from;

    @Option(names = "--print", description = "Also print the reply on stdout.")
    boolean print;

    @Option(names = "--json", description = "Also write the result as JSON here (docs/result.schema.json).")
    Path json;

    /** The configuration with this command line's outbox and From. */
    Config over(Config cfg) {
        Config c = outbox == null ? cfg : cfg.withHome(cfg.home().withOutbox(outbox));
        return from == null ? c
                : c.withMailing(new Config.Mailing(from, c.mailing().settings(), c.mailing().treeReportTo(),
                        c.mailing().regzbot(), c.mailing().publicUrl(), c.mailing().weekly()));
    }

    /**
     * Runs the job on the application this configuration wires, says how it
     * ended and where the reply is, and exits with the job's outcome class.
     */
    int run(Config cfg, Job job) throws IOException {
        JobOutcome o;
        try (Application app = Application.open(cfg, PauseHooks.fromSystemProperties())) {
            o = app.jobRunner().run(job);
        }
        if (print) {
            System.out.print(Files.readString(o.eml()));
        }
        if (json != null) {
            Files.copy(o.dir().resolve(ResultFiles.JSON), json, StandardCopyOption.REPLACE_EXISTING);
        }
        System.err.println("fsnbot: " + o.outcome().word() + o.verdict().map(v -> " (" + v.text() + ")").orElse("")
                + ", exit " + o.outcome().exitCode() + " -> " + o.eml());
        return o.outcome().exitCode();
    }
}
