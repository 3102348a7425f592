package org.fsnbot.cli;

import java.io.IOException;
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

    /** The configuration; BadInput when the file is bad. */
    Config load() throws IOException {
        try {
            Config c = Config.load(Optional.ofNullable(config));
            return home == null ? c : c.withHome(Home.at(home));
        } catch (IllegalArgumentException e) {
            throw BadInput.of(e);
        }
    }
}
