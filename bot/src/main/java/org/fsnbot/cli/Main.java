package org.fsnbot.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** fsnbot's command line. */
@Command(name = "fsnbot", mixinStandardHelpOptions = true, version = "fsnbot 0.1.0",
        description = "Performance regression bot for the Linux fsnotify subsystem.",
        subcommands = {RunCommand.class, TestPatchCommand.class, CompareCommand.class, BenchCommand.class,
                CalibrateCommand.class, StatsSimCommand.class, BenchIntakeCommand.class, SendCommand.class,
                ExportCommand.class, TrendsCommand.class, RunnerCommand.class, RunnersCommand.class,
                QueueCommand.class, DrainCommand.class, CompareRunsCommand.class, BisectCommand.class})
public final class Main implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.err);
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    public static int execute(String... args) {
        return new CommandLine(new Main()).setCaseInsensitiveEnumValuesAllowed(true)
                .setExecutionExceptionHandler((e, line, parsed) -> {
                    if (e instanceof BadInput) {
                        System.err.println("fsnbot: " + e.getMessage());
                        return ExitCodes.BAD_INPUT;
                    }
                    // Not picocli's 1: a CI script must never read our failure as a regression.
                    e.printStackTrace(System.err);
                    return ExitCodes.TROUBLE;
                }).execute(args);
    }
}
