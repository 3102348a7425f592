package org.fsnbot.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.run.BootRecord;
import org.fsnbot.run.BootResults;
import org.fsnbot.run.MetricInfo;
import org.fsnbot.run.MetricKey;
import org.fsnbot.run.Sample;
import org.fsnbot.run.Side;
import org.fsnbot.store.Store;
import org.fsnbot.vm.Accelerator;
import org.fsnbot.boot.BootOutcome;
import org.fsnbot.boot.BootStatus;

/**
 * A performance history without kernels: a git tree whose commits have
 * fixed authors and dates (so their ids are the same on every machine),
 * and finished jobs of one metric filed in a store as a watched branch's
 * measurements are.
 */
public final class HistoryFixture {

    public static final String RUNNER = "runner-1";
    public static final MetricKey METRIC = new MetricKey("parent-modify-scale", "1", "avg_client_s");

    private HistoryFixture() {
    }

    /** A tree with MAINTAINERS and one commit per (path, subject); returns the commit ids, oldest first. */
    public static List<String> tree(Path dir, List<String[]> commits) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        git(dir, 0, "init", "-q", "-b", "fsnotify");
        Files.writeString(dir.resolve("MAINTAINERS"), MiniTree.MAINTAINERS);
        git(dir, 0, "add", "MAINTAINERS");
        List<String> ids = new ArrayList<>();
        int n = 1;
        for (String[] c : commits) {
            Path f = dir.resolve(c[0]);
            Files.createDirectories(f.getParent());
            Files.writeString(f, "/* " + c[1] + " */\n", StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
            git(dir, n, "add", c[0]);
            git(dir, n, "commit", "-q", "-m", c[1]);
            ids.add(git(dir, n, "rev-parse", "HEAD"));
            n++;
        }
        return ids;
    }

    private static String git(Path dir, int n, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("git", "-c", "user.name=Ann Author", "-c",
                "user.email=ann@example.org", "-c", "commit.gpgsign=false"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
        String date = "2026-10-0" + Math.min(9, 1 + n) + "T12:00:00Z";
        pb.environment().putAll(Map.of("GIT_AUTHOR_DATE", date, "GIT_COMMITTER_DATE", date,
                "GIT_CONFIG_GLOBAL", "/dev/null", "GIT_CONFIG_NOSYSTEM", "1"));
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (p.waitFor() != 0) {
            throw new IOException("git " + String.join(" ", args) + ": " + out);
        }
        return out;
    }

    /** A finished job of line comparing two commits, each side's boots one value of METRIC; returns its id. */
    public static long job(Store store, String line, String base, String patched, double[] baseBoots,
            double[] patchedBoots) {
        return job(store, line, base, patched, baseBoots, patchedBoots, "wall");
    }

    /** The same on a clock ("wall", "instructions"). */
    public static long job(Store store, String line, String base, String patched, double[] baseBoots,
            double[] patchedBoots, String clock) {
        var jobs = store.jobs();
        long id = jobs.createJob(null, line.substring(0, line.lastIndexOf(' ')), base, "quick",
                "sockets=2,cores=1,nodes=2");
        jobs.setCommits(id, base, patched);
        jobs.setAccelerator(id, Accelerator.TCG.name(), "no KVM here", clock, RUNNER);
        boots(store, id, Side.BASE, baseBoots);
        boots(store, id, Side.PATCHED, patchedBoots);
        jobs.finish(id, ReplyKind.REPORT, "measured");
        store.trends().record(id, line, RUNNER, List.of(Side.BASE, Side.PATCHED));
        return id;
    }

    /** Boots of job on side that counted, boot i with METRIC's value values[i]. */
    public static void boots(Store store, long job, Side side, double[] values) {
        for (int i = 0; i < values.length; i++) {
            String bootId = side.name().toLowerCase(java.util.Locale.ROOT) + "-" + (i + 1) + "-try1";
            BootOutcome ok = new BootOutcome(bootId, BootStatus.OK, "TCG", 50, List.of("{}"),
                    new BootOutcome.Console(Path.of("/dev/null"), List.of()), "");
            Sample s = new Sample(side, i, 0, METRIC, new MetricInfo("clients", "s", true), values[i]);
            store.jobs().saveBoot(job, new BootRecord(side, i, 1, ok, new BootResults(List.of(s), List.of(),
                    List.of(), "{}")));
        }
    }
}
