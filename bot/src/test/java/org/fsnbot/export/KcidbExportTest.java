package org.fsnbot.export;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.fsnbot.build.BuildResult;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchSeries;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.report.ReplyRendererTestAccess;
import org.fsnbot.store.JobStore;
import org.fsnbot.store.Store;
import org.fsnbot.testing.Repo;
import org.fsnbot.testing.SchemaCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jobs as the store keeps them, exported in KCIDB's I/O format and checked
 * against kcidb-io's own schema v5.3 (test resource kcidb/, exported
 * from kcidb-io's source): every required field, type, pattern, format
 * and enum, and no property v5.3 does not know.
 */
class KcidbExportTest {

    private static final String BASE = "19b9592301b6d3ab0c6fd1a8e5e6a1f1e1c3b5a7";
    private static final String PATCHED = "2545c8ac2fc9aaaaaaaaaaaaaaaaaaaaaaaaaaaa";

    private final ObjectMapper json = new ObjectMapper();

    private static SchemaCheck v53() throws Exception {
        return SchemaCheck.kcidb(Path.of("src/test/resources/kcidb/kcidb-io.schema.v5.3.json"));
    }

    private static long job(JobStore jobs, String tree, ReplyKind end, boolean patchedBuilds, Path log)
            throws Exception {
        PatchSeries s = new MboxReader().readSeries(Repo.exampleMbox());
        long id = jobs.createJob(jobs.saveSeries(s), tree, "fsnotify", "quick", "sockets=2,cores=1,nodes=2");
        jobs.setCommits(id, BASE, PATCHED);
        jobs.setProvenance(id, patchsetHash(s, log.resolveSibling("patches-" + id)), "0.1.0 (0123456789ab)",
                "4f1c0a9e5b7d");
        jobs.saveBuild(id, BuildResult.built("base", BASE, log, BuildResult.Cost.REUSED, log));
        jobs.saveBuild(id, patchedBuilds ? BuildResult.built("patched", PATCHED, log, new BuildResult.Cost(9.7, 4,
                false), log) : BuildResult.failed("patched", PATCHED, new BuildResult.Cost(3, 1, false),
                        List.of("fs/notify/fsnotify.c:265:13: error: 'x' undeclared"), log));
        if (end == ReplyKind.REPORT) {
            jobs.saveVerdicts(id, ReplyRendererTestAccess.comparison());
        }
        jobs.finish(id, end, "done");
        return id;
    }

    /**
     * KCIDB's own recipe for a patchset hash, run for real: the series'
     * messages as patch files, `sha256sum *.patch | cut -c-64 | sha256sum`.
     */
    private static String patchsetHash(PatchSeries s, Path dir) throws Exception {
        java.nio.file.Files.createDirectories(dir);
        for (int i = 0; i < s.toApply().size(); i++) {
            java.nio.file.Files.write(dir.resolve(String.format("%04d.patch", i + 1)), s.toApply().get(i).raw());
        }
        Process p = new ProcessBuilder("sh", "-c", "sha256sum *.patch | cut -c-64 | sha256sum | cut -c-64")
                .directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.US_ASCII).trim();
        assertThat(p.waitFor()).isZero();
        return out;
    }

    @Test
    void thePatchedCheckoutIsTheBaseWithThePatchsetAppliedAndSaysWhichFsnbotMeasured(@TempDir Path dir)
            throws Exception {
        try (Store store = Store.h2(dir.resolve("db"))) {
            long id = job(store.jobs(), "/var/cache/fsnbot/linux-6.12", ReplyKind.REPORT, true, dir.resolve("log"));
            ObjectNode out = new KcidbExport(json, "fsnbot").export(store.jobRecords().find(id).orElseThrow(),
                    Optional.of("https://fsnbot.example.org/jobs/" + id + "/"));
            assertThat(v53().errors(out)).isEmpty();
            JsonNode base = out.at("/checkouts/0");
            JsonNode patched = out.at("/checkouts/1");
            assertThat(base.get("git_commit_hash").asText()).isEqualTo(BASE);
            assertThat(base.get("patchset_hash").asText()).isEmpty();
            assertThat(patched.get("git_commit_hash").asText()).as("KCIDB: the commit the patches went on")
                    .isEqualTo(BASE);
            assertThat(patched.get("patchset_hash").asText()).matches("[0-9a-f]{64}")
                    .isEqualTo(new org.fsnbot.job.Patchset(List.of(new org.fsnbot.job.Patchset.Patch("0001.patch",
                            new MboxReader().readSeries(Repo.exampleMbox()).toApply().get(0).raw()))).hash());
            assertThat(patched.at("/patchset_files/0/url").asText()).isEqualTo("https://fsnbot.example.org/jobs/"
                    + id + "/patches/0001.patch");
            assertThat(patched.at("/misc/patched_commit").asText()).isEqualTo(PATCHED);
            assertThat(patched.has("git_repository_branch")).as("'fsnotify' is a base's name, no known branch")
                    .isFalse();
            assertThat(out.at("/tests/0/misc/fsnbot_version").asText()).isEqualTo("0.1.0 (0123456789ab)");
            assertThat(out.at("/tests/0/misc/workloads_version").asText()).isEqualTo("4f1c0a9e5b7d");
        }
    }

    @Test
    void aMeasuredJobMeetsTheV53Requirements(@TempDir Path dir) throws Exception {
        try (Store store = Store.h2(dir.resolve("db"))) {
            long id = job(store.jobs(), "https://git.kernel.org/pub/scm/linux/kernel/git/jack/linux-fs.git",
                    ReplyKind.REPORT, true, dir.resolve("log"));
            ObjectNode out = new KcidbExport(json, "fsnbot").export(store.jobRecords().find(id).orElseThrow());
            assertThat(v53().errors(out)).isEmpty();
            assertThat(out.at("/version/major").asInt()).isEqualTo(5);
            assertThat(out.get("checkouts")).hasSize(2);
            assertThat(out.at("/checkouts/1/message_id").asText())
                    .isEqualTo("20261130084519.1-fsnbot-example@fsnbot.invalid");
            assertThat(out.at("/checkouts/0/git_commit_hash").asText()).isEqualTo(BASE);
            assertThat(out.get("builds")).hasSize(2);
            JsonNode regression = null;
            for (JsonNode t : out.get("tests")) {
                if (t.get("path").asText().equals("fsnbot.parent-modify-scale.1.avg_client_s")) {
                    regression = t;
                }
            }
            assertThat(regression).isNotNull();
            assertThat(regression.get("status").asText()).isEqualTo("FAIL");
            assertThat(regression.at("/number/value").asDouble()).isGreaterThan(100);
            assertThat(regression.get("build_id").asText()).isEqualTo("fsnbot:job-" + id + "-build-patched");
        }
    }

    @Test
    void aBuildFailureFromALocalTreeToo(@TempDir Path dir) throws Exception {
        try (Store store = Store.h2(dir.resolve("db"))) {
            long id = job(store.jobs(), "/var/cache/fsnbot/linux-6.12", ReplyKind.BUILD_FAILURE, false,
                    dir.resolve("log"));
            ObjectNode out = new KcidbExport(json, "fsnbot").export(store.jobRecords().find(id).orElseThrow());
            assertThat(v53().errors(out)).isEmpty();
            assertThat(out.at("/checkouts/0/git_repository_url").isMissingNode()).as("a local path is no URL").isTrue();
            assertThat(out.at("/builds/1/status").asText()).isEqualTo("FAIL");
            assertThat(out.at("/builds/1/log_excerpt").asText()).contains("undeclared");
            assertThat(out.get("tests")).isEmpty();
        }
    }

    @Test
    void theRequirementsRefuseWhatV53Refuses(@TempDir Path dir) throws Exception {
        try (Store store = Store.h2(dir.resolve("db"))) {
            long id = job(store.jobs(), "https://example.org/linux.git", ReplyKind.REPORT, true, dir.resolve("l"));
            KcidbExport export = new KcidbExport(json, "fsnbot");
            ObjectNode noBuildId = export.export(store.jobRecords().find(id).orElseThrow());
            ((ObjectNode) noBuildId.get("tests").get(0)).remove("build_id");
            ObjectNode badPath = export.export(store.jobRecords().find(id).orElseThrow());
            ((ObjectNode) badPath.get("tests").get(0)).put("path", "fsnbot.a b");
            ObjectNode unknown = export.export(store.jobRecords().find(id).orElseThrow());
            ((ObjectNode) unknown.get("builds").get(0)).put("verdict", "x");
            ObjectNode shortHash = export.export(store.jobRecords().find(id).orElseThrow());
            ((ObjectNode) shortHash.get("checkouts").get(0)).put("git_commit_hash", "19b9592301b6");
            ObjectNode nullValue = export.export(store.jobRecords().find(id).orElseThrow());
            ((ObjectNode) nullValue.get("checkouts").get(0)).putNull("comment");
            for (ObjectNode broken : List.of(noBuildId, badPath, unknown, shortHash, nullValue)) {
                assertThat(v53().errors(broken)).isNotEmpty();
            }
            assertThat(store.jobRecords().find(id + 100)).isEqualTo(Optional.empty());
        }
    }
}
