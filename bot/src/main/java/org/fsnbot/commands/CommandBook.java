package org.fsnbot.commands;

import static org.fsnbot.commands.CommandArguments.exactly;
import static org.fsnbot.commands.CommandArguments.namedThread;
import static org.fsnbot.commands.CommandArguments.rev;
import static org.fsnbot.commands.CommandArguments.shortened;
import static org.fsnbot.commands.CommandArguments.workloads;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.fsnbot.intake.CommandMention;
import org.fsnbot.intake.LoreLink;
import org.fsnbot.plan.Topology;

/**
 * Every #fsnbot command, registered here once: its verb and grammar and its
 * handler (CommandKind); its record in Command says whether it measures
 * and who may send it; its answers are templates in templates/command/ and
 * its line in templates/_help.peb. Adding a command is a record, a line
 * here, a handler and a template.
 */
public final class CommandBook {

    private static final Set<String> PROFILES = Set.of("quick", "full");

    static final List<CommandKind> KINDS = List.of(
            CommandKind.of("rerun", 0, true, CommandBook::rerun, Command.Rerun.class,
                    s -> new RerunHandler(s.queue(), s.defaults(), s.estimate())),
            new CommandKind("test", 2, false, CommandBook::test, List.of(Command.Test.class, Command.TestPatch.class),
                    CommandBook::testHandler),
            CommandKind.of("compare", 2, false, (line, args, max) -> {
                exactly("compare", args, 2, "<rev> <rev>");
                return new Command.Compare(line, rev(args.get(0)), rev(args.get(1)));
            }, Command.Compare.class, s -> new CompareHandler(s.queue(), s.defaultTree(), s.estimate())),
            CommandKind.of("bisect", 2, true, CommandBook::bisect, Command.Bisect.class,
                    s -> new BisectHandler(s.queue(), s.defaultTree(), s.estimate())),
            CommandKind.of("cancel", 0, false, (line, args, max) -> new Command.Cancel(line,
                    namedThread("cancel", args)), Command.Cancel.class, s -> new CancelHandler(s.queue())),
            CommandKind.of("status", 0, false, (line, args, max) -> new Command.Status(line,
                    namedThread("status", args)), Command.Status.class, s -> new StatusHandler(s.queue())),
            // The answer quotes the command: help's is fixed, so a mail cannot make fsnbot repeat its words.
            CommandKind.of("help", 0, false, (line, args, max) -> new Command.Help(CommandMention.TAG + " help"),
                    Command.Help.class, s -> new HelpHandler()));

    private CommandBook() {
    }

    static Optional<CommandKind> verb(String verb) {
        return KINDS.stream().filter(k -> k.verb().equals(verb)).findFirst();
    }

    /** Every command's handler, made once from the services; a command goes to its record type's. */
    public static CommandHandler<Command> handlers(CommandServices services) {
        Map<Class<? extends Command>, CommandHandler<Command>> byType = new HashMap<>();
        for (CommandKind k : KINDS) {
            CommandHandler<Command> h = k.handler().apply(services);
            k.types().forEach(t -> byType.put(t, h));
        }
        Map<Class<? extends Command>, CommandHandler<Command>> handlers = Map.copyOf(byType);
        return (c, ctx) -> {
            CommandHandler<Command> h = handlers.get(c.getClass());
            if (h == null) {
                throw new IllegalStateException("no handler registered for " + c.getClass().getSimpleName());
            }
            return h.handle(c, ctx);
        };
    }

    private static CommandHandler<Command> testHandler(CommandServices s) {
        TestHandler test = new TestHandler(s.queue(), s.estimate(), s.testUrlPrefixes());
        TestPatchHandler inline = new TestPatchHandler(s.queue(), s.intake(), s.estimate());
        return (c, ctx) -> c instanceof Command.TestPatch p ? inline.handle(p, ctx)
                : test.handle((Command.Test) c, ctx);
    }

    private static Command test(String line, List<String> args, int maxRuns) {
        if (args.isEmpty()) {
            return new Command.TestPatch(line);
        }
        exactly("test", args, 2, "<git-url> <branch-or-commit>");
        // Only https: a local path or another transport (file://, ext::, ssh) would make
        // fsnbot read its own disk or run a program; the trees allowed are checked later.
        if (!args.get(0).matches("https://[A-Za-z0-9.-]+(:[0-9]+)?/[A-Za-z0-9._~/-]*")
                || args.get(0).contains("/../") || args.get(0).endsWith("/..")) {
            throw new LineRefused(LineRefused.Reason.NOT_HTTPS);
        }
        return new Command.Test(line, args.get(0), rev(args.get(1)));
    }

    private static Command.Rerun rerun(String line, List<String> args, int maxRuns) {
        List<String> workloads = List.of();
        OptionalInt runs = OptionalInt.empty();
        Optional<String> profile = Optional.empty();
        Optional<String> topology = Optional.empty();
        Optional<String> thread = Optional.empty();
        Set<String> seen = new HashSet<>();
        for (String a : args) {
            Optional<String> id = a.indexOf('=') < 0 || a.startsWith("https://") ? LoreLink.messageId(a)
                    : Optional.empty();
            if (id.isPresent() && thread.isEmpty()) {
                thread = id;
                continue;
            }
            int eq = a.indexOf('=');
            if (eq <= 0 || eq == a.length() - 1) {
                throw new LineRefused(LineRefused.Reason.NOT_KEY_VALUE, Map.of("got", shortened(a, 40)));
            }
            String key = a.substring(0, eq).toLowerCase(Locale.ROOT);
            String value = a.substring(eq + 1);
            if (!seen.add(key)) {
                throw new LineRefused(LineRefused.Reason.GIVEN_TWICE, Map.of("key", shortened(key, 40)));
            }
            switch (key) {
                case "workloads" -> workloads = workloads(value);
                case "runs" -> {
                    int n;
                    try {
                        n = Integer.parseInt(value);
                    } catch (NumberFormatException e) {
                        throw new LineRefused(LineRefused.Reason.RUNS_NOT_A_NUMBER, Map.of("got", shortened(value, 40)));
                    }
                    if (n < 3 || n > maxRuns) {
                        throw new LineRefused(LineRefused.Reason.RUNS_OUTSIDE_BUDGET, Map.of("n", n, "max", maxRuns));
                    }
                    runs = OptionalInt.of(n);
                }
                case "profile" -> {
                    if (!PROFILES.contains(value)) {
                        throw new LineRefused(LineRefused.Reason.UNKNOWN_PROFILE, Map.of("got", shortened(value, 40)));
                    }
                    profile = Optional.of(value);
                }
                case "topology" -> {
                    try {
                        Topology.parse(value);
                    } catch (IllegalArgumentException e) {
                        throw new LineRefused(LineRefused.Reason.BAD_TOPOLOGY, Map.of("got", shortened(value, 60)));
                    }
                    topology = Optional.of(value);
                }
                default -> throw new LineRefused(LineRefused.Reason.UNKNOWN_OPTION, Map.of("key", shortened(key, 40)));
            }
        }
        return new Command.Rerun(line, workloads, runs, profile, topology, thread);
    }

    private static Command.Bisect bisect(String line, List<String> args, int maxRuns) {
        if (args.size() < 2 || args.size() > 3) {
            throw new LineRefused(LineRefused.Reason.BISECT_ARGUMENTS, Map.of("got", ""));
        }
        List<String> workloads = List.of();
        if (args.size() == 3) {
            String o = args.get(2);
            if (!o.toLowerCase(Locale.ROOT).startsWith("workloads=") || o.length() == "workloads=".length()) {
                throw new LineRefused(LineRefused.Reason.BISECT_ARGUMENTS, Map.of("got", shortened(o, 40)));
            }
            workloads = workloads(o.substring("workloads=".length()));
        }
        return new Command.Bisect(line, rev(args.get(0)), rev(args.get(1)), workloads);
    }
}
