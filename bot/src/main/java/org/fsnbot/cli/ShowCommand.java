package org.fsnbot.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.fsnbot.app.Application;
import org.fsnbot.store.JobRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** `fsnbot show --job N`: one job for the terminal: its result, facts, every table, where its files are. */
@Command(name = "show", mixinStandardHelpOptions = true,
        description = "Show one job: its result, its facts, every table (results.txt) and where its files are.")
public final class ShowCommand implements Callable<Integer> {

    @Option(names = "--job", required = true, description = "The job's number (fsnbot jobs lists them).")
    long job;

    @Mixin
    ConfigOptions options;

    @Override
    public Integer call() throws Exception {
        try (Application app = Application.look(options.load())) {
            JobRecord.Summary s = app.store().jobRecords().summary(job).orElseThrow(() -> new BadInput("no job " + job
                    + " in " + app.config().home().root() + " (fsnbot jobs lists them)"));
            System.out.println("job " + s.id() + ": " + JobsCommand.result(s) + ", " + TerminalText.line(s.subject()));
            Path dir = app.config().home().jobs().resolve(Long.toString(job));
            Path result = dir.resolve("result.json");
            if (Files.isRegularFile(result)) {
                JsonNode r = new ObjectMapper().readTree(result.toFile());
                if (!r.path("detail").asText().isEmpty()) {
                    System.out.println(TerminalText.line(r.path("detail").asText()));
                }
                System.out.println();
                for (Map.Entry<String, JsonNode> f : r.path("facts").properties()) {
                    if (f.getValue().isValueNode() && !f.getValue().asText().isEmpty()) {
                        System.out.printf("%-18s %s%n", f.getKey() + ":", TerminalText.line(f.getValue().asText()));
                    }
                }
                System.out.printf("%-18s %s, workloads %s%n", "versions:", r.at("/versions/fsnbot").asText(),
                        r.at("/versions/workloads").asText());
            }
            Path tables = dir.resolve("results.txt");
            if (Files.isRegularFile(tables)) {
                System.out.println();
                System.out.print(TerminalText.safe(Files.readString(tables)));
            }
            System.out.println();
            System.out.println("files: " + dir + (Files.isRegularFile(dir.resolve("reproduce.sh"))
                    ? " (sh reproduce.sh there boots the same kernels again)" : ""));
        }
        return ExitCodes.OK;
    }
}
