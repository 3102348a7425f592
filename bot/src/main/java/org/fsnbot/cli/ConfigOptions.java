package org.fsnbot.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.fsnbot.pipeline.PatchTestPipeline;
import org.fsnbot.pipeline.RunConfig;
import org.fsnbot.pipeline.StandardStages;
import picocli.CommandLine.Option;

/** The --config and --home options of the commands that run on fsnbot's YAML configuration. */
final class ConfigOptions {

    @Option(names = "--config", description = "YAML file merged over the embedded defaults (fsnbot-defaults.yaml).")
    Path config;

    @Option(names = "--home", description = "Overrides the configuration's home.")
    Path home;

    /** The configuration, or empty (the reason printed) when the file is bad. */
    Optional<RunConfig> load(PrintStream err) throws IOException {
        try {
            return Optional.of(RunConfig.load(Optional.ofNullable(config)));
        } catch (IllegalArgumentException e) {
            err.println("fsnbot: " + e.getMessage());
            return Optional.empty();
        }
    }

    Path home(RunConfig cfg) throws IOException {
        Path root = home != null ? home : cfg.homeDir();
        Files.createDirectories(root);
        return root;
    }

    /** The stages on this configuration, replies in <home>/outbox and mail as configured. */
    PatchTestPipeline.Stages stages(RunConfig cfg, Path root, PrintStream err) throws IOException {
        return StandardStages.create(root, root.resolve("outbox"), cfg.from(), cfg.mail(),
                PauseHooks.fromSystemProperties(), err);
    }
}
