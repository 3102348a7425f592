package org.fsnbot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fsnbot.build.BuildResult;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.store.JobStore;
import org.fsnbot.store.Store;
import org.fsnbot.testing.Repo;
import org.fsnbot.testing.SchemaCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `fsnbot export --kcidb` on a home with one finished job, and on a job that is not there. */
class ExportCommandTest {

    @Test
    void writesTheJobAsKcidbOrSaysThereIsNone(@TempDir Path home) throws Exception {
        long id;
        try (Store store = Store.h2(home.resolve("db").resolve("fsnbot"))) {
            JobStore jobs = store.jobs();
            id = jobs.createJob(jobs.saveSeries(new MboxReader().readSeries(Repo.exampleMbox())),
                    "https://example.org/linux.git", "master", "quick", "sockets=1,cores=1,nodes=1");
            jobs.setCommits(id, "a".repeat(40), "b".repeat(40));
            jobs.saveBuild(id, BuildResult.built("base", "a".repeat(40), home.resolve("l"), BuildResult.Cost.REUSED,
                    home.resolve("l")));
            jobs.finish(id, ReplyKind.INFRASTRUCTURE_FAILURE, "boot failed twice");
        }
        Path out = home.resolve("kcidb.json");
        assertThat(Main.execute("export", "--kcidb", "--job", Long.toString(id), "--home", home.toString(), "--out",
                out.toString())).isEqualTo(ExitCodes.OK);
        var doc = new ObjectMapper().readTree(out.toFile());
        assertThat(SchemaCheck.kcidb(Path.of("src/test/resources/kcidb/kcidb-io.schema.v5.3.json")).errors(doc))
                .isEmpty();
        assertThat(doc.at("/tests/0/status").asText()).as("no verdict: our harness missed").isEqualTo("MISS");
        assertThat(Main.execute("export", "--kcidb", "--job", "999", "--home", home.toString()))
                .isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(Main.execute("export", "--kcidb", "--job", "1", "--origin", "Not Valid", "--home",
                home.toString())).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(Files.exists(out)).isTrue();
    }
}
