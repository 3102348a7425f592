package org.fsnbot.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** fsnbot's command line. */
@Command(name = "fsnbot", mixinStandardHelpOptions = true, version = "fsnbot 0.1.0",
        description = "Performance regression bot for the Linux fsnotify subsystem.",
        subcommands = {RunCommand.class, TestPatchCommand.class, CompareCommand.class, BenchCommand.class,
                CalibrateCommand.class, QualifyCommand.class, StatsSimCommand.class, BenchIntakeCommand.class, SendCommand.class,
                ExportCommand.class, TrendsCommand.class, RunnerCommand.class, RunnersCommand.class,
                QueueCommand.class, DrainCommand.class, RequeueCommand.class, FailCommand.class, SubmitCommand.class, HealthCommand.class, CompareRunsCommand.class, BisectCommand.class,
                JobsCommand.class, ShowCommand.class, PagesCommand.class, ServeCommand.class,
                CommandLine.HelpCommand.class})
public final class Main implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--verbose", scope = ScopeType.INHERIT,
            description = "On an error, print where it happened (the stack trace) too.")
    boolean verbose;

    /** fsnbot alone is a usage error: it names no command to run. */
    @Override
    public Integer call() {
        spec.commandLine().getErr().println("fsnbot: name a command (fsnbot help lists them)");
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCodes.BAD_INPUT;
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    public static int execute(String... args) {
        return execute(new PrintWriter(System.err, true), args);
    }

    /** The same, what fsnbot says of a mistake or failure written to err. */
    public static int execute(PrintWriter err, String... args) {
        CommandLine line = new CommandLine(new Main()).setCaseInsensitiveEnumValuesAllowed(true)
                .setExitCodeExceptionMapper(new Failures()).setErr(err);
        line.setParameterExceptionHandler((e, argv) -> {
            CommandLine at = e.getCommandLine();
            PrintWriter to = at.getErr();
            to.println("fsnbot: " + e.getMessage());
            CommandLine.UnmatchedArgumentException.printSuggestions(e, to);
            to.println("(" + at.getCommandSpec().qualifiedName() + " --help says what it takes)");
            return ExitCodes.BAD_INPUT;
        });
        line.setExecutionExceptionHandler((e, at, parsed) -> {
            PrintWriter to = at.getErr();
            to.println("fsnbot: " + Failures.sentence(e));
            if (verbose(parsed)) {
                e.printStackTrace(to);
            } else if (!Failures.foreseen(e)) {
                to.println("(fsnbot did not expect this: --verbose shows where it happened)");
            }
            return at.getExitCodeExceptionMapper().getExitCode(e);
        });
        HelpAtSpaces.install(line);
        return line.execute(args);
    }

    private static boolean verbose(CommandLine.ParseResult parsed) {
        for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption("--verbose")) {
                return true;
            }
        }
        return false;
    }
}
