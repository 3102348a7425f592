package org.fsnbot.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.fsnbot.boot.BootOutcome;
import org.fsnbot.boot.BootStatus;
import org.fsnbot.build.ApplyResult;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchSeries;
import org.fsnbot.job.Finding;
import org.fsnbot.job.ResultDocument;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.pages.Site;
import org.fsnbot.report.Measurement;
import org.fsnbot.report.ReplyRenderer;
import org.fsnbot.report.ReplyRendererTestAccess;
import org.fsnbot.run.BootRecord;
import org.fsnbot.run.BootResults;
import org.fsnbot.run.Side;
import org.fsnbot.stats.AdaptiveSampling;
import org.fsnbot.store.JobStore;
import org.fsnbot.store.Store;

/**
 * A home with jobs of every ending for the pages' tests: a regression of
 * the example patch (with its files: result.json, results, config,
 * patches, a boot's logs and QEMU line, reproduce.sh, sums), a rerun of it
 * that failed to boot, a series that did not apply (its subject hostile
 * HTML), two revisions compared, a rerun another runner ran (its files
 * are there, not here) and one still running.
 */
public final class SiteFixture {

    public static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-05T12:00:00Z"), ZoneOffset.UTC);
    /**
     * What the hostile series' subject says: a page that ran it, or a
     * terminal that obeyed its escape sequence (clear the screen), would be
     * an attack.
     */
    public static final String HOSTILE = "[PATCH] fsnotify: <script>alert('x')</script> & <img src=x onerror=1>"
            + " \u001b[2J";

    private final Path home;
    private final Store store;

    private SiteFixture(Path home, Store store) {
        this.home = home;
        this.store = store;
    }

    public Store store() {
        return store;
    }

    public Path www() {
        return home.resolve("www");
    }

    public Path jobs() {
        return home.resolve("jobs");
    }

    public Site site() {
        return new Site(new Site.Where(store, www(), jobs(), "runner-1", 30), CLOCK);
    }

    /** The jobs of the example patch: its id. */
    public static final String EXAMPLE = "20261130084519.1-fsnbot-example@fsnbot.invalid";

    /** The same jobs added to a store that may hold others (a watched branch's history, for the weekly pages). */
    public static SiteFixture in(Path home, Store store) throws Exception {
        SiteFixture f = new SiteFixture(home, store);
        JobStore jobs = store.jobs();
        ObjectMapper json = new ObjectMapper();
        ResultDocument doc = new ResultDocument(json, new ReplyRenderer());
        PatchSeries example = new MboxReader().readSeries(Repo.exampleMbox());
        long series = jobs.saveSeries(example);
        long report = jobs.createJob(series, "/var/cache/fsnbot/linux-6.12", "v6.12", "quick",
                "sockets=2,cores=1,nodes=2");
        jobs.setAccelerator(report, "TCG", "no /dev/kvm", "instructions", "runner-1");
        jobs.saveVerdicts(report, ReplyRendererTestAccess.comparison());
        jobs.finish(report, ReplyKind.REPORT, "measured");
        f.files(report, doc.of(ReplyRendererTestAccess.facts(), new Finding.Report(new Measurement(
                ReplyRendererTestAccess.comparison(), 3, new AdaptiveSampling(3, 3, 0.05), 0, List.of(), List.of()))),
                true);
        long failed = jobs.createJob(series, "/var/cache/fsnbot/linux-6.12", "v6.12", "quick",
                "sockets=2,cores=1,nodes=2");
        jobs.setAccelerator(failed, "TCG", "no /dev/kvm", "instructions", "runner-1");
        jobs.finish(failed, ReplyKind.INFRASTRUCTURE_FAILURE, "boot patched-1-try2: kernel panic");
        f.files(failed, doc.of(ReplyRendererTestAccess.facts(), new Finding.InfrastructureFailed(new BootRecord(
                Side.PATCHED, 0, 2, new BootOutcome("patched-1-try2", BootStatus.PANIC, "TCG", 4, List.of(),
                        new BootOutcome.Console(Path.of("/tmp/c"), List.of()), "Kernel panic - not syncing: x"),
                BootResults.NONE), true)), false);
        String hostile = "From x@example.org Thu Jan  1 00:00:00 1970\nFrom: Mallory <m@example.org>\nSubject: "
                + HOSTILE + "\nMessage-ID: <hostile@example.org>\nDate: Thu, 3 Dec 2026 10:00:00 +0000\n\n"
                + "---\n fs/notify/fsnotify.c | 1 +\n\ndiff --git a/fs/notify/fsnotify.c b/fs/notify/fsnotify.c\n"
                + "--- a/fs/notify/fsnotify.c\n+++ b/fs/notify/fsnotify.c\n@@ -1 +1,2 @@\n x\n+y\n";
        Path mbox = home.resolve("hostile.mbox");
        Files.createDirectories(home);
        Files.writeString(mbox, hostile);
        long notApplying = jobs.createJob(jobs.saveSeries(new MboxReader().readSeries(mbox)),
                "/var/cache/fsnbot/linux-6.12", "v6.12", "quick", "sockets=2,cores=1,nodes=2");
        jobs.finish(notApplying, ReplyKind.DOES_NOT_APPLY, "the patch does not apply");
        f.files(notApplying, doc.of(ReplyRendererTestAccess.facts(), new Finding.DoesNotApply(new ApplyResult(
                Optional.empty(), Optional.of("0001 x"), Optional.of("fs/notify/fsnotify.c:1"), List.of()))), false);
        long trees = jobs.createJob(null, "https://example.org/linux.git", "fsnotify", "quick",
                "sockets=2,cores=1,nodes=2");
        jobs.setCommits(trees, "19b9592301b6d3ab0c6fd1a8e5e6a1f1e1c3b5a7", "2545c8ac2fc9aaaaaaaaaaaaaaaaaaaaaaaaaaaa");
        jobs.finish(trees, ReplyKind.REPORT, "measured");
        jobs.saveVerdicts(trees, ReplyRendererTestAccess.comparison());
        ObjectNode treeDoc = doc.of(ReplyRendererTestAccess.facts(), new Finding.Report(new Measurement(
                ReplyRendererTestAccess.comparison(), 3, new AdaptiveSampling(3, 3, 0.05), 0, List.of(), List.of())));
        f.files(trees, treeDoc, true);
        long elsewhere = jobs.createJob(series, "/var/cache/fsnbot/linux-6.12", "v6.12", "quick",
                "sockets=2,cores=1,nodes=2");
        jobs.setAccelerator(elsewhere, "TCG", "no /dev/kvm", "instructions", "runner-2");
        jobs.finish(elsewhere, ReplyKind.REPORT, "measured");
        jobs.createJob(series, "/var/cache/fsnbot/linux-6.12", "v6.12", "quick", "sockets=2,cores=1,nodes=2");
        return f;
    }

    /** A job's directory: its result.json, and with material, what a measured job keeps. */
    private void files(long id, ObjectNode result, boolean material) throws Exception {
        Path dir = jobs().resolve(Long.toString(id));
        Files.createDirectories(dir.resolve("boots"));
        new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(dir.resolve("result.json").toFile(), result);
        Files.writeString(dir.resolve("boots/base-1-try1.console.log"), "Linux version 6.12\nfsnbot: done\n");
        if (!material) {
            return;
        }
        Files.writeString(dir.resolve("results.txt"), "byte-write: ns_per_op in ns, lower is better\n");
        Files.writeString(dir.resolve("config"), "CONFIG_FSNOTIFY=y\n");
        Files.createDirectories(dir.resolve("patches"));
        Files.writeString(dir.resolve("patches/0001.patch"), "diff --git a/x b/x\n");
        Files.writeString(dir.resolve("boots/base-1-try1.results.log"), "FSNBOT-BEGIN base-1-try1\nFSNBOT-END 0\n");
        Files.writeString(dir.resolve("boots/base-1-try1.qemu"), "qemu-system-x86_64\n-kernel\n@KERNEL@\n");
        Files.writeString(dir.resolve("reproduce.sh"), "#!/bin/sh\n");
        Files.writeString(dir.resolve("SHA256SUMS"), "");
    }
}
