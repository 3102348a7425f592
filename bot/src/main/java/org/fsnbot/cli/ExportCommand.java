package org.fsnbot.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.fsnbot.app.Application;
import org.fsnbot.app.Config;
import org.fsnbot.export.KcidbExport;
import org.fsnbot.store.JobRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** `fsnbot export --kcidb --job N`: a job's checkouts, builds and tests in KCIDB's I/O format. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Write a finished job in KernelCI's KCIDB I/O JSON (schema v" + KcidbExport.MAJOR + "."
                + KcidbExport.MINOR + "), ready for kcidb-submit.")
public final class ExportCommand implements Callable<Integer> {

    @Option(names = "--kcidb", required = true, description = "KCIDB I/O format (the only one so far).")
    boolean kcidb;

    @Option(names = "--job", required = true, description = "The job's number (a reply names it).")
    long job;

    @Option(names = "--origin", defaultValue = "fsnbot", description = "KCIDB origin, [a-z0-9_]+ (default:"
            + " ${DEFAULT-VALUE}).")
    String origin;

    @Option(names = "--out", description = "Write here instead of stdout.")
    Path out;

    @Mixin
    ConfigOptions options;

    @Override
    public Integer call() throws Exception {
        BadInput.require(origin.matches("[a-z0-9_]+"), "--origin must be [a-z0-9_]+: " + origin);
        Config cfg = options.load();
        ObjectMapper json = new ObjectMapper();
        JobRecord record;
        try (Application app = Application.look(cfg)) {
            record = app.store().jobRecords().find(job).orElseThrow(() -> new BadInput("no job " + job + " in "
                    + cfg.home().root()));
        }
        // The job's files as the operator publishes them (publicUrl's jobs/N/), for the patch files' links.
        Optional<String> files = cfg.mailing().publicUrl().map(u -> u.newBuilder().addPathSegment("jobs")
                .addPathSegment(Long.toString(job)).addPathSegment("").build().toString());
        ObjectNode doc = new KcidbExport(json, origin).export(record, files);
        if (out == null) {
            System.out.println(json.writerWithDefaultPrettyPrinter().writeValueAsString(doc));
        } else {
            json.writerWithDefaultPrettyPrinter().writeValue(out.toFile(), doc);
        }
        return ExitCodes.OK;
    }
}
