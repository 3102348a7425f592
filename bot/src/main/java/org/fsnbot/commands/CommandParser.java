package org.fsnbot.commands;

import static org.fsnbot.commands.CommandArguments.shortened;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.fsnbot.intake.CommandMention;

/**
 * Finds #fsnbot commands in a mail body: lines starting with #fsnbot that
 * are not quoted, at most three per mail. A command whose arguments a
 * mailer wrapped onto the next line is joined back, as syzbot does.
 */
public final class CommandParser {

    public static final int MAX_PER_MAIL = 3;
    private static final String TAG = CommandMention.TAG;

    /**
     * A line that looked like a command but is not one, and why by kind:
     * LineRefused.Reason's name and the values its answer quotes.
     */
    public record Error(String line, Map<String, Object> why) {
        public Error {
            why = Map.copyOf(why);
        }
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
                errors.add(new Error(full.strip(), new LineRefused(LineRefused.Reason.TOO_MANY_COMMANDS,
                        Map.of("max", MAX_PER_MAIL)).templateValues()));
                continue;
            }
            try {
                commands.add(command(full.strip(), tokens));
            } catch (LineRefused e) {
                errors.add(new Error(full.strip(), e.templateValues()));
            } catch (IllegalArgumentException e) {
                // A check below the grammar's own: its text is not for a mail.
                errors.add(new Error(full.strip(), new LineRefused(LineRefused.Reason.MALFORMED).templateValues()));
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
        Optional<CommandKind> k = CommandBook.verb(verb(t));
        return k.isPresent() && (t.size() <= k.get().positionals()
                || k.get().options() && t.get(t.size() - 1).endsWith("="));
    }

    private Command command(String line, List<String> t) {
        if (t.isEmpty()) {
            throw new LineRefused(LineRefused.Reason.NO_COMMAND);
        }
        CommandKind k = CommandBook.verb(verb(t)).orElseThrow(() -> new LineRefused(
                LineRefused.Reason.UNKNOWN_COMMAND, Map.of("got", shortened(t.get(0), 40))));
        return k.grammar().read(line, joinCutOptions(t.subList(1, t.size())), maxRuns);
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

    private static List<String> words(String s) {
        String t = s.strip();
        return t.isEmpty() ? List.of() : Arrays.asList(t.split("\\s+"));
    }
}
