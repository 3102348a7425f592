package org.fsnbot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.fsnbot.store.Store;
import org.fsnbot.testing.SiteFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `fsnbot jobs`, `show`, `pages` and `serve` on a home with jobs of every
 * ending: what each prints, that a subject's escape sequence never reaches
 * the terminal, and that a port in use is the operator's to change.
 */
class PagesCommandsTest {

    @Test
    void jobsShowAndPagesPrintTheStoreWithoutASubjectsEscapes(@TempDir Path home) throws Exception {
        try (Store store = Store.h2(home.resolve("db").resolve("fsnbot"))) {
            SiteFixture.in(home, store);
        }
        String jobs = out("jobs", "--home", home.toString());
        assertThat(jobs.lines()).hasSize(6);
        assertThat(jobs).containsPattern("(?m)^ +1  \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}  regression +\\[PATCH\\]")
                .contains("does not apply", "infrastructure failure", "running", "<script>")
                .doesNotContain("\u001b").contains("?[2J");
        assertThat(out("jobs", "--limit", "2", "--home", home.toString()).lines()).hasSize(2);
        String one = out("show", "--job", "1", "--home", home.toString());
        assertThat(one).startsWith("job 1: regression, [PATCH]").contains("versions:",
                "byte-write: ns_per_op in ns, lower is better", "files: " + home.resolve("jobs/1"),
                "sh reproduce.sh there");
        assertThat(out("show", "--job", "3", "--home", home.toString())).doesNotContain("\u001b");
        assertThat(out("pages", "--home", home.toString())).contains("page(s) under " + home.resolve("www"));
        assertThat(home.resolve("www/index.html")).isRegularFile();
        assertThat(home.resolve("www/records/6.html")).isRegularFile();
    }

    @Test
    void aPortInUseIsTheOperatorsToChange(@TempDir Path home) throws Exception {
        Store.h2(home.resolve("db").resolve("fsnbot")).close();
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            StringWriter err = new StringWriter();
            int exit = Main.execute(new PrintWriter(err, true), "serve", "--port",
                    Integer.toString(taken.getLocalPort()), "--home", home.toString());
            assertThat(exit).isEqualTo(ExitCodes.BAD_INPUT);
            assertThat(err.toString()).startsWith("fsnbot: --bind 127.0.0.1 --port " + taken.getLocalPort()
                    + ": cannot listen there").doesNotContain("\tat ");
        }
    }

    @Test
    void terminalTextKeepsLinesAndPrintsControlsAsQuestionMarks() {
        assertThat(TerminalText.safe("a\u001b]0;title\u0007b\nc\td\u009b1m\u202eé"))
                .isEqualTo("a?]0;title?b\nc\td?1m?é");
        assertThat(TerminalText.line("one\ntwo\r")).isEqualTo("one?two?");
    }

    private static String out(String... args) {
        PrintStream was = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            assertThat(Main.execute(args)).as(String.join(" ", args)).isZero();
        } finally {
            System.setOut(was);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
