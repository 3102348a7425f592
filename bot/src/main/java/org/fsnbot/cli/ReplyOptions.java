package org.fsnbot.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fsnbot.app.Application;
import org.fsnbot.app.Config;
import org.fsnbot.job.Job;
import org.fsnbot.job.JobOutcome;
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

    /** The configuration with this command line's outbox and From. */
    Config over(Config cfg) {
        Config c = outbox == null ? cfg : cfg.withHome(cfg.home().withOutbox(outbox));
        return from == null ? c
                : c.withMailing(new Config.Mailing(from, c.mailing().settings(), c.mailing().treeReportTo()));
    }

    /** Runs the job on the application this configuration wires, says how it ended and where the reply is. */
    int run(Config cfg, Job job) throws IOException {
        JobOutcome o = Application.open(cfg, PauseHooks.fromSystemProperties()).jobRunner().run(job);
        if (print) {
            System.out.print(Files.readString(o.eml()));
        }
        System.err.println("fsnbot: " + o.kind() + o.verdict().map(v -> ": " + v.text()).orElse("") + " -> " + o.eml());
        return ExitCodes.OK;
    }
}
