package org.fsnbot.commands;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * One #fsnbot verb as CommandBook registers it: how many arguments its
 * line needs before a mailer's wrap may end it, whether its key=value
 * options may be cut at '=', how its arguments are read (a mail's words:
 * every check of CommandArguments applies), the command records it makes,
 * and its handler, made from the services. Who may send a command and
 * whether it measures are the command record's own (Command.access,
 * Command.measures).
 */
record CommandKind(String verb, int positionals, boolean options, Grammar grammar,
        List<Class<? extends Command>> types, Function<CommandServices, CommandHandler<Command>> handler) {

    /** Reads a verb's arguments; a LineRefused says what is wrong, by reason (its words are a template's). */
    @FunctionalInterface
    interface Grammar {
        Command read(String line, List<String> args, int maxRuns);
    }

    CommandKind {
        if (verb == null || !verb.matches("[a-z]+")) {
            throw new IllegalArgumentException("a verb is a lower-case word: " + verb);
        }
        Objects.requireNonNull(grammar);
        types = List.copyOf(types);
        Objects.requireNonNull(handler);
    }

    /** A verb whose commands are all of one record type, handled by one handler. */
    static <C extends Command> CommandKind of(String verb, int positionals, boolean options, Grammar grammar,
            Class<C> type, Function<CommandServices, CommandHandler<C>> handler) {
        return new CommandKind(verb, positionals, options, grammar, List.of(type), s -> {
            CommandHandler<C> h = handler.apply(s);
            return (c, ctx) -> h.handle(type.cast(c), ctx);
        });
    }
}
