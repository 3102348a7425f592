package org.fsnbot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jgit.api.Git;
import org.fsnbot.testing.Repo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/cli.md's table of operator mistakes, row by row: each command exits
 * as the table says, with the table's sentence as its first line on
 * stderr, no stack trace, and no job made in the home (nothing ran).
 */
class OperatorMistakesTest {

    /** The files the table's mistakes name, by the name the table gives them. */
    private static final Map<String, String> FILES = Map.of(
            "broken.json", "{\"name\": \"p\",\n  \"workloads\": [ oops ]}",
            "typo.json", "{\"name\":\"t\",\"bootsPerKernel\":3,\"bootTimeoutSeconds\":60,\"workloads\":"
                    + "[{\"name\":\"byte-wrte\",\"verdictMetrics\":[\"ns_per_op\"]}]}",
            "mial.yaml", "mial:\n  mode: smtp\n",
            "runner.yaml", "runner:\n  maxCpuPresurePct: 5\n",
            "often.yaml", "pollMinutes: often\n",
            "broken.yaml", "mail: [\n  mode: smtp\n");

    record Row(String mistake, String command, int exit, String says) {
    }

    static List<Row> table() throws Exception {
        String doc = Files.readString(Repo.root().resolve("docs/cli.md"));
        String section = doc.substring(doc.indexOf("## Operator mistakes"));
        section = section.substring(0, section.indexOf("\n## ", 3));
        Pattern row = Pattern.compile("(?m)^\\| (.+?) \\| `(fsnbot[^`]*)` \\| (\\d) \\| `(.*)` \\|$");
        List<Row> rows = new ArrayList<>();
        for (Matcher m = row.matcher(section); m.find();) {
            rows.add(new Row(m.group(1), m.group(2), Integer.parseInt(m.group(3)), m.group(4)));
        }
        return rows;
    }

    @Test
    void everyMistakeInTheTableExitsAsItSaysWithItsOneSentence(@TempDir Path tmp) throws Exception {
        Path tree = tmp.resolve("tree");
        try (Git git = Git.init().setDirectory(tree.toFile()).setInitialBranch("main").call()) {
            Files.writeString(tree.resolve("README"), "a tree\n");
            git.add().addFilepattern("README").call();
            git.commit().setMessage("one").setAuthor("t", "t@example.org").setCommitter("t", "t@example.org")
                    .setSign(false).call();
        }
        Path files = tmp.resolve("d");
        Files.createDirectories(files);
        for (Map.Entry<String, String> f : FILES.entrySet()) {
            Files.writeString(files.resolve(f.getKey()), f.getValue());
        }
        Path home = tmp.resolve("home");
        Map<String, String> places = Map.of("T", tree.toString(), "M",
                Repo.root().resolve("examples/fsnotify-revalidate-children.mbox").toString(), "H", home.toString(),
                "D", files.toString());
        List<Row> rows = table();
        assertThat(rows).as("the table in docs/cli.md").hasSizeGreaterThanOrEqualTo(20);
        org.assertj.core.api.SoftAssertions soft = new org.assertj.core.api.SoftAssertions();
        for (Row r : rows) {
            List<String> argv = new ArrayList<>();
            for (String word : r.command().split(" ")) {
                argv.add(place(word, places));
            }
            argv.remove(0);
            StringWriter err = new StringWriter();
            int exit = Main.execute(new PrintWriter(err, true), argv.toArray(String[]::new));
            String said = err.toString();
            soft.assertThat(exit).as(r.mistake() + ": " + said).isEqualTo(r.exit());
            soft.assertThat(said.lines().findFirst().orElse("")).as(r.mistake()).isEqualTo(place(r.says(), places));
            soft.assertThat(said).as(r.mistake() + ": no stack trace").doesNotContain("\tat ", "Exception");
        }
        Path jobs = home.resolve("jobs");
        if (Files.isDirectory(jobs)) {
            try (java.util.stream.Stream<Path> made = Files.list(jobs)) {
                soft.assertThat(made.toList()).as("jobs made in the home").isEmpty();
            }
        }
        soft.assertAll();
    }

    /** The table's T, M, H and D as this run has them (whole words, or a D/ prefix). */
    private static String place(String text, Map<String, String> places) {
        String out = text;
        for (Map.Entry<String, String> p : places.entrySet()) {
            out = out.replaceAll("(?<![A-Za-z0-9_.-])" + p.getKey() + "(?=/|$|[ ,;)])", Matcher.quoteReplacement(
                    p.getValue()));
        }
        return out;
    }

    @Test
    void anUnforeseenFailureSaysSoAndVerboseShowsWhere() {
        StringWriter err = new StringWriter();
        Failures f = new Failures();
        RuntimeException bug = new IllegalStateException("a bug");
        assertThat(f.getExitCode(bug)).isEqualTo(ExitCodes.TROUBLE);
        assertThat(Failures.sentence(bug)).isEqualTo("fsnbot could not finish: a bug");
        assertThat(Failures.foreseen(bug)).isFalse();
        assertThat(f.getExitCode(new BadInput("x"))).isEqualTo(ExitCodes.BAD_INPUT);
        int exit = Main.execute(new PrintWriter(err, true), "export", "--kcidb", "--job", "1", "--home",
                "/proc/self/nonexistent/home", "--verbose");
        assertThat(exit).isNotZero();
        assertThat(err.toString()).contains("\tat ");
    }
}
