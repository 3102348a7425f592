package org.fsnbot.commands;

import static org.fsnbot.commands.CommandArguments.exactly;
import static org.fsnbot.commands.CommandArguments.namedThread;
import static org.fsnbot.commands.CommandArguments.rev;
import static org.fsnbot.commands.CommandArguments.shortened;
import static org.fsnbot.commands.CommandArguments.workloads;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.fsnbot.intake.CommandMention;
import org.fsnbot.intake.LoreLink;
import org.fsnbot.plan.Topology;

/**
 * Finds #fsnbot commands in a mail body: lines starting with #fsnbot that
 * are not quoted, at most three per mail. A command whose arguments a
 * mailer wrapped onto the next line is joined back, as syzbot does.
 */
public final class CommandParser {

    public static final int MAX_PER_MAIL = 3;
    private static final String TAG = CommandMention.TAG;
    private static final Set<String> PROFILES = Set.of("quick", "full");

    /** A line that looked like a command but is not one, and why. */
    public record Error(String line, String reason) {
    }

    /** What a mail asked for. */
    public record Parsed(List<Command> commands, List<Error> errors) {
        public Parsed {
            commands = List.copyOf(commands);
            errors = List.copyOf(errors);
        }

        public boolean isEmpty() {
            return commands.isEmpty() && errors.isEmpty();
        }
    }

    private final int maxRuns;

    public CommandParser(int maxRuns) {
        this.maxRuns = maxRuns;
    }

    public Parsed parse(String body) {
        List<String> lines = Arrays.asList(body.replace("\r", "").split("\n"));
        List<Command> commands = new ArrayList<>();
        List<Error> errors = new ArrayList<>();
        int found = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (!lines.get(i).startsWith(TAG) || !(line.equals(TAG) || Character.isWhitespace(line.charAt(TAG.length()))
                    || line.charAt(TAG.length()) == ':')) {
                continue;
            }
            found++;
            List<String> tokens = new ArrayList<>(words(line.substring(TAG.length()).replaceFirst("^:", "")));
            // Wrapped by the mailer: take continuation lines while the command is short of arguments.
            int j = i + 1;
            while (j < lines.size() && wantsMore(tokens) && continuation(lines.get(j))) {
                tokens.addAll(words(lines.get(j)));
                j++;
            }
            String full = shortened(TAG + " " + String.join(" ", tokens), MAX_QUOTED);
            i = j - 1;
            if (found > MAX_PER_MAIL) {
                errors.add(new Error(full.strip(), "at most " + MAX_PER_MAIL + " commands per mail; this one was"
                        + " not run"));
                continue;
            }
            try {
                commands.add(command(full.strip(), tokens));
            } catch (IllegalArgumentException e) {
                errors.add(new Error(full.strip(), e.getMessage()));
            }
        }
        return new Parsed(commands, errors);
    }

    /** An answer quotes at most this much of a line: enough to recognise it, too little to carry a message. */
    static final int MAX_QUOTED = 160;

    private static boolean continuation(String line) {
        String s = line.strip();
        // A patch inline after `#fsnbot test` is not the command's arguments.
        return !s.isEmpty() && !s.startsWith(">") && !s.startsWith(TAG) && !s.startsWith("--")
                && !s.startsWith("diff ") && !s.startsWith("Index: ") && !s.startsWith("From ");
    }

    /** The verb, lower-cased, without the colon syzbot's users type (`#syz test: <url> <branch>`). */
    private static String verb(List<String> t) {
        String v = t.get(0).toLowerCase(Locale.ROOT);
        return v.endsWith(":") ? v.substring(0, v.length() - 1) : v;
    }

    /** True while the verb's positional arguments are missing, or the last option was cut at its '='. */
    private static boolean wantsMore(List<String> t) {
        if (t.isEmpty()) {
            return false;
        }
        String verb = verb(t);
        if ((verb.equals("test") || verb.equals("compare") || verb.equals("bisect")) && t.size() < 3) {
            return true;
        }
        return (verb.equals("rerun") || verb.equals("bisect")) && t.get(t.size() - 1).endsWith("=");
    }

    private Command command(String line, List<String> t) {
        if (t.isEmpty()) {
            throw new IllegalArgumentException("no command after #fsnbot");
        }
        String verb = verb(t);
        List<String> args = joinCutOptions(t.subList(1, t.size()));
        return switch (verb) {
            case "rerun" -> rerun(line, args);
            case "test" -> {
                if (args.isEmpty()) {
                    yield new Command.TestPatch(line);
                }
                exactly(verb, args, 2, "<git-url> <branch-or-commit>");
                // Only https: a local path or another transport (file://, ext::, ssh) would make
                // fsnbot read its own disk or run a program; the trees allowed are checked later.
                if (!args.get(0).matches("https://[A-Za-z0-9.-]+(:[0-9]+)?/[A-Za-z0-9._~/-]*")
                        || args.get(0).contains("/../") || args.get(0).endsWith("/..")) {
                    throw new IllegalArgumentException("test takes the https:// URL of a public git tree");
                }
                yield new Command.Test(line, args.get(0), rev(args.get(1)));
            }
            case "compare" -> {
                exactly(verb, args, 2, "<rev> <rev>");
                yield new Command.Compare(line, rev(args.get(0)), rev(args.get(1)));
            }
            case "bisect" -> bisect(line, args);
            case "cancel" -> new Command.Cancel(line, namedThread(verb, args));
            case "status" -> new Command.Status(line, namedThread(verb, args));
            // The answer quotes the command: help's is fixed, so a mail cannot make fsnbot repeat its words.
            case "help" -> new Command.Help(TAG + " help");
            default -> throw new IllegalArgumentException("unknown command \"" + shortened(t.get(0), 40) + "\"");
        };
    }

    private static List<String> joinCutOptions(List<String> args) {
        List<String> out = new ArrayList<>();
        for (String a : args) {
            if (!out.isEmpty() && out.get(out.size() - 1).endsWith("=")) {
                out.set(out.size() - 1, out.get(out.size() - 1) + a);
            } else {
                out.add(a);
            }
        }
        return out;
    }

    private Command.Rerun rerun(String line, List<String> args) {
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
                throw new IllegalArgumentException("expected key=value, got \"" + a + "\"");
            }
            String key = a.substring(0, eq).toLowerCase(Locale.ROOT);
            String value = a.substring(eq + 1);
            if (!seen.add(key)) {
                throw new IllegalArgumentException(key + "= given twice");
            }
            switch (key) {
                case "workloads" -> workloads = workloads(value);
                case "runs" -> {
                    int n;
                    try {
                        n = Integer.parseInt(value);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("runs= wants a number, got \"" + value + "\"");
                    }
                    if (n < 3 || n > maxRuns) {
                        throw new IllegalArgumentException("runs=" + n + " is outside the budget: 3.." + maxRuns
                                + " boots per kernel");
                    }
                    runs = OptionalInt.of(n);
                }
                case "profile" -> {
                    if (!PROFILES.contains(value)) {
                        throw new IllegalArgumentException("profile= must be quick or full, got \"" + value + "\"");
                    }
                    profile = Optional.of(value);
                }
                case "topology" -> {
                    Topology.parse(value);
                    topology = Optional.of(value);
                }
                default -> throw new IllegalArgumentException("unknown option " + key + "=");
            }
        }
        return new Command.Rerun(line, workloads, runs, profile, topology, thread);
    }

    private static Command.Bisect bisect(String line, List<String> args) {
        if (args.size() < 2 || args.size() > 3) {
            throw new IllegalArgumentException("bisect takes <good> <bad> [workloads=a,b]");
        }
        List<String> workloads = List.of();
        if (args.size() == 3) {
            String o = args.get(2);
            if (!o.toLowerCase(Locale.ROOT).startsWith("workloads=") || o.length() == "workloads=".length()) {
                throw new IllegalArgumentException("bisect takes <good> <bad> [workloads=a,b], got \""
                        + shortened(o, 40) + "\"");
            }
            workloads = workloads(o.substring("workloads=".length()));
        }
        return new Command.Bisect(line, rev(args.get(0)), rev(args.get(1)), workloads);
    }

    private static List<String> words(String s) {
        String t = s.strip();
        return t.isEmpty() ? List.of() : Arrays.asList(t.split("\\s+"));
    }
}
