package org.fsnbot.commands;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.fsnbot.intake.CommandMention;
import org.junit.jupiter.api.Test;

class CommandParserTest {

    private final CommandParser p = new CommandParser(10);

    @Test
    void readsEachCommandWithItsOptions() {
        CommandParser.Parsed r = p.parse(String.join("\n",
                "Thanks, looks odd.",
                "#fsnbot rerun workloads=byte-write,parent-modify-scale runs=5 profile=full"
                        + " topology=sockets=2,cores=2,nodes=2",
                "#fsnbot test https://git.kernel.org/pub/scm/linux/kernel/git/jack/linux-fs.git fsnotify",
                "#fsnbot compare v6.12 v6.13-rc1"));
        assertThat(r.errors()).isEmpty();
        assertThat(r.commands()).hasSize(3);
        Command.Rerun rerun = (Command.Rerun) r.commands().get(0);
        assertThat(rerun.workloads()).containsExactly("byte-write", "parent-modify-scale");
        assertThat(rerun.runs()).hasValue(5);
        assertThat(rerun.profile()).contains("full");
        assertThat(rerun.topology()).contains("sockets=2,cores=2,nodes=2");
        assertThat(r.commands().get(1)).isEqualTo(new Command.Test(
                "#fsnbot test https://git.kernel.org/pub/scm/linux/kernel/git/jack/linux-fs.git fsnotify",
                "https://git.kernel.org/pub/scm/linux/kernel/git/jack/linux-fs.git", "fsnotify"));
        assertThat(((Command.Compare) r.commands().get(2)).head()).isEqualTo("v6.13-rc1");
    }

    @Test
    void bisectTakesTwoRevisionsAndTheWorkloads() {
        CommandParser.Parsed r = p.parse("#fsnbot bisect v6.12\nv6.13-rc1 workloads=parent-modify-scale\n");
        assertThat(r.errors()).isEmpty();
        assertThat(r.commands()).singleElement().isEqualTo(new Command.Bisect(
                "#fsnbot bisect v6.12 v6.13-rc1 workloads=parent-modify-scale", "v6.12", "v6.13-rc1",
                List.of("parent-modify-scale")));
        assertThat(p.parse("#fsnbot bisect v6.12 v6.13").commands()).singleElement()
                .satisfies(c -> assertThat(((Command.Bisect) c).workloads()).isEmpty());
        assertThat(p.parse(String.join("\n", "#fsnbot bisect v6.12", "", "#fsnbot bisect a..b c",
                "#fsnbot bisect v1 v2 runs=9")).errors()).extracting(CommandParserTest::reason).containsExactly(
                        "BISECT_ARGUMENTS", "NOT_A_REVISION", "BISECT_ARGUMENTS");
        assertThat(new Command.Bisect("x", "a", "b", List.of()).measures()).isTrue();
    }

    @Test
    void quotedAndIndentedLinesAreNotCommands() {
        assertThat(p.parse("> #fsnbot rerun\n>> #fsnbot cancel\n  #fsnbot status\ntext #fsnbot help\n").isEmpty())
                .isTrue();
        assertThat(p.parse("#fsnbotrerun\n").isEmpty()).isTrue();
    }

    @Test
    void wrappedArgumentsAreJoinedBack() {
        CommandParser.Parsed r = p.parse("#fsnbot test\nhttps://example.org/linux.git\nmy-branch\n\nthanks\n");
        assertThat(r.errors()).isEmpty();
        assertThat(r.commands()).singleElement().isInstanceOf(Command.Test.class);
        CommandParser.Parsed o = p.parse("#fsnbot rerun runs=4 workloads=\nbyte-write\n");
        assertThat(((Command.Rerun) o.commands().get(0)).workloads()).containsExactly("byte-write");
    }

    @Test
    void badCommandsAreErrorsThatKeepTheirLine() {
        CommandParser.Parsed r = p.parse(String.join("\n", "#fsnbot frobnicate", "#fsnbot rerun runs=lots",
                "#fsnbot status", "#fsnbot help"));
        assertThat(r.errors()).extracting(CommandParser.Error::line).containsExactly("#fsnbot frobnicate",
                "#fsnbot rerun runs=lots", "#fsnbot help");
        assertThat(r.errors()).extracting(CommandParserTest::reason).as("the fourth command line is one too many")
                .containsExactly("UNKNOWN_COMMAND", "RUNS_NOT_A_NUMBER", "TOO_MANY_COMMANDS");
        assertThat(r.errors().get(1).why()).containsEntry("got", "lots");
        assertThat(r.commands()).singleElement().isInstanceOf(Command.Status.class);
        assertThat(p.parse("#fsnbot rerun runs=99").errors()).singleElement()
                .satisfies(e -> assertThat(e.why()).containsEntry("reason", "RUNS_OUTSIDE_BUDGET")
                        .containsEntry("n", 99));
        assertThat(p.parse("#fsnbot compare onlyone").errors()).singleElement()
                .satisfies(e -> assertThat(e.why()).containsEntry("reason", "ARGUMENTS")
                        .containsEntry("usage", "<rev> <rev>"));
        assertThat(p.parse("#fsnbot rerun profile=huge").errors()).hasSize(1);
        assertThat(p.parse("#fsnbot test notaurl main").errors()).hasSize(1);
        assertThat(p.parse("#fsnbot").errors()).singleElement()
                .satisfies(e -> assertThat(reason(e)).isEqualTo("NO_COMMAND"));
        assertThat(List.of(CommandMention.inText("x\n#fsnbot help\n"), CommandMention.inText("> #fsnbot help")))
                .containsExactly(true, false);
    }

    @Test
    void syzbotsColonAndAnInlinePatch() {
        assertThat(p.parse("#fsnbot test: https://git.kernel.org/pub/scm/linux/kernel/git/jack/linux-fs.git"
                + " fsnotify\n").commands()).singleElement().isInstanceOfSatisfying(Command.Test.class,
                        t -> assertThat(t.rev()).isEqualTo("fsnotify"));
        assertThat(p.parse("#fsnbot test:\ndiff --git a/fs/notify/mark.c b/fs/notify/mark.c\n").commands())
                .as("the diff on the next line is the patch, not arguments").singleElement()
                .isInstanceOf(Command.TestPatch.class);
        assertThat(p.parse("#fsnbot test\n\n--- a/x\n").commands()).singleElement()
                .isInstanceOf(Command.TestPatch.class);
        assertThat(p.parse("#fsnbot test /srv/linux main\n").errors()).singleElement()
                .satisfies(e -> assertThat(reason(e)).isEqualTo("NOT_HTTPS"));
    }

    @Test
    void aThreadNamedByMessageIdOrLoreLink() {
        CommandParser.Parsed p = new CommandParser(10).parse("#fsnbot status https://lore.kernel.org/linux-fsdevel/"
                + "20250101.1-x@example.org/\n#fsnbot cancel <20250101.1-x@example.org>\n#fsnbot rerun runs=4"
                + " 20250101.1-x@example.org\n");
        assertThat(p.commands()).hasSize(3);
        for (Command c : p.commands()) {
            assertThat(c.thread()).as(c.line()).contains("<20250101.1-x@example.org>");
        }
        CommandParser.Parsed evil = new CommandParser(10).parse("#fsnbot status https://evil.example.org/r/x@y\n");
        assertThat(evil.commands()).isEmpty();
        assertThat(reason(evil.errors().get(0))).isEqualTo("NOT_A_THREAD");
    }

    private static String reason(CommandParser.Error e) {
        return (String) e.why().get("reason");
    }
}
