package org.fsnbot.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Optional;
import org.fsnbot.app.Config;
import org.fsnbot.app.Home;
import picocli.CommandLine.Option;

/**
 * --config and --home, for every command that runs on fsnbot's
 * configuration: the embedded defaults with the file merged over them,
 * home overridden last.
 */
final class ConfigOptions {

    @Option(names = "--config", description = "YAML file merged over the embedded defaults (fsnbot-defaults.yaml).")
    Path config;

    @Option(names = "--home", description = "fsnbot's cache and state directory (default: the configuration's home,"
            + " else $FSNBOT_HOME, else ~/.cache/fsnbot).")
    Path home;

    /** The configuration, or empty (the reason printed) when the file is bad. */
    Optional<Config> load(PrintStream err) throws IOException {
        try {
            Config c = Config.load(Optional.ofNullable(config));
            return Optional.of(home == null ? c : c.withHome(Home.at(home)));
        } catch (IllegalArgumentException e) {
            err.println("fsnbot: " + e.getMessage());
            return Optional.empty();
        }
    }
}
