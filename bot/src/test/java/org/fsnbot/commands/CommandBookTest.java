package org.fsnbot.commands;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every command is registered once, and every verb registered is in the help an answer gives. */
class CommandBookTest {

    @Test
    void everyCommandRecordHasExactlyOneVerbThatMakesIt() {
        Set<Class<?>> registered = new HashSet<>();
        for (CommandKind k : CommandBook.KINDS) {
            k.types().forEach(t -> assertThat(registered.add(t)).as(t + " registered twice").isTrue());
        }
        assertThat(registered).containsExactlyInAnyOrderElementsOf(Arrays.asList(Command.class.getPermittedSubclasses()));
        assertThat(CommandBook.KINDS.stream().map(CommandKind::verb).distinct().count())
                .isEqualTo(CommandBook.KINDS.size());
    }

    @Test
    void everyVerbIsInTheHelp() throws Exception {
        String help;
        try (InputStream in = CommandBook.class.getResourceAsStream("/fsnbot/templates/_help.peb")) {
            help = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        for (CommandKind k : CommandBook.KINDS) {
            assertThat(help).as("the help line of " + k.verb()).containsPattern("(?m)^  #fsnbot " + k.verb() + "\\b");
        }
    }

    @Test
    void aWrappedLineIsJoinedUntilItsVerbHasItsArguments() {
        CommandParser.Parsed p = new CommandParser(10).parse("#fsnbot compare v6.12\n  v6.13\n\n#fsnbot bisect"
                + " v6.12 v6.13 workloads=\nbyte-write\n");
        assertThat(p.errors()).isEmpty();
        assertThat(p.commands()).containsExactly(new Command.Compare("#fsnbot compare v6.12 v6.13", "v6.12", "v6.13"),
                new Command.Bisect("#fsnbot bisect v6.12 v6.13 workloads= byte-write", "v6.12", "v6.13",
                        java.util.List.of("byte-write")));
    }
}
