package org.fsnbot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.mail.Message;
import jakarta.mail.Session;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.testing.GitCli;
import org.fsnbot.testing.KernelFixture;
import org.fsnbot.testing.SchemaCheck;
import org.fsnbot.testing.Repo;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.fsnbot.testing.SharedKernel;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * `fsnbot compare`, the command every tree report names under
 * "Reproduce:", end to end: two revisions of a tree built, booted and
 * reported in a thread of their own. The head is a commit only a second
 * tree has, as a watched branch's head would be, while the base's checkout
 * and build are the ones the other end-to-end tests made from the first.
 * The second tree lives in the shared e2e home beside the builds: the
 * base's checkout may be made from it and must not outlive it.
 */
@Tag("e2e")
@ExtendWith(SharedKernel.class)
class CompareIT {

    private final CommandRunner run = new CommandRunner();

    /**
     * The example patch committed on the base in the second tree, without a
     * work tree (seconds, not minutes); fixed names and dates make it the
     * same commit on every run.
     */
    private String commitExampleIn(Path clone, String base) throws Exception {
        Map<String, String> env = GitCli.committing(clone, "fsnbot-index", "t", "t@t", "2026-11-30T00:00:00Z");
        git(clone, env, "read-tree", base);
        git(clone, env, "apply", "--cached", Repo.exampleMbox().toString());
        String tree = git(clone, env, "write-tree");
        return git(clone, env, "commit-tree", tree, "-p", base, "-m", "fsnotify: revalidate children (example)");
    }

    private static String git(Path dir, Map<String, String> env, String... args) throws Exception {
        return GitCli.git(dir, env, args);
    }

    @Test
    void aHeadOnlyAnotherTreeHasIsComparedAndReportedInAThreadOfItsOwn(@TempDir Path tmp) throws Exception {
        Path clone = KernelFixture.home().resolve("second-tree.git");
        String base = KernelFixture.base();
        if (!Files.exists(clone.resolve("HEAD"))) {
            Files.createDirectories(clone.getParent());
            run.check(List.of("git", "clone", "-q", "--bare", "--shared", KernelFixture.tree().toString(),
                    clone.toString()), null, Duration.ofMinutes(5));
        }
        String baseCommit = git(clone, Map.of(), "rev-parse", base + "^{commit}");
        String head = commitExampleIn(clone, baseCommit);
        assertThat(head).matches("[0-9a-f]{40}");
        Path profile = Files.writeString(tmp.resolve("tiny.json"), "{\"name\":\"tiny\",\"description\":\"compare"
                + " e2e\",\"bootsPerKernel\":2,\"bootTimeoutSeconds\":120,\"workloads\":[{\"name\":\"byte-write\","
                + "\"args\":[\"--modes\",\"none,parent\",\"--iterations\",\"2000\",\"--warmup\",\"10\",\"--reps\","
                + "\"1\"],\"verdictMetrics\":[\"ns_per_op\"]}]}");
        Path outbox = tmp.resolve("outbox");

        Path json = tmp.resolve("result.json");
        int exit = Main.execute("compare", "--tree", clone.toString(), base, head,
                "--profile", profile.toString(), "--topology", "sockets=2,cores=1,nodes=2",
                "--home", KernelFixture.home().toString(), "--outbox", outbox.toString(),
                "--to", "maint@example.org", "--json", json.toString());

        // Two boots a side decide nothing: inconclusive is not a regression, so CI sees 0.
        assertThat(exit).isEqualTo(ExitCodes.OK);
        JsonNode result = new ObjectMapper().readTree(json.toFile());
        assertThat(SchemaCheck.docs("result.schema.json").errors(result)).isEmpty();
        assertThat(result.get("verdict").asText()).isEqualTo("inconclusive");
        assertThat(result.get("exitCode").asInt()).isZero();
        List<Path> emls;
        try (var files = Files.list(outbox)) {
            emls = files.filter(f -> f.toString().endsWith(".eml")).toList();
        }
        assertThat(emls).hasSize(1);
        MimeMessage m;
        try (InputStream in = Files.newInputStream(emls.get(0))) {
            m = new MimeMessage(Session.getInstance(new Properties()), in);
        }
        assertThat(m.getSubject()).startsWith("[fsnbot] ").endsWith(": inconclusive");
        assertThat(m.getHeader("In-Reply-To")).isNull();
        assertThat(((InternetAddress) m.getRecipients(Message.RecipientType.TO)[0]).getAddress())
                .isEqualTo("maint@example.org");
        String body = ((String) m.getContent()).replaceAll("\\s+", " ");
        assertThat(body).contains("fsnbot measured this revision against its base: INCONCLUSIVE")
                // Folded to one line when no row's interval excludes no change; on a noisy host a 2-boot row
                // can (then marked *, still inconclusive) and the table is shown whole.
                .containsPattern("byte-write ns_per_op: 2 rows|byte-write: ns_per_op in (ns|insns)")
                .contains("fsnbot compare --tree " + clone + " " + baseCommit + " " + head + " --profile " + profile);
    }
}
