package org.fsnbot.build;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.testing.FsnotifyCommits;
import org.fsnbot.testing.Sandboxes;

/**
 * scripts/bench-builds.sh: each kind of kernel build fsnbot does, timed
 * on this machine in a cache of the bench's own (docs/measurements.md):
 * the cold build of the base, its reuse, the builds of a bisection over
 * eight commits touching fs/notify .c files (each step's base and
 * candidate, as a job builds them), and the base again once its build
 * directory is gone (ccache alone). Times are wall time around each
 * build, set-up included.
 */
public final class BuildBench {

    private final CommandRunner run = new CommandRunner();
    private final Path root;
    private final KernelBuilder builder;
    private final Checkouts checkouts;
    private final KernelConfig config;

    private BuildBench(Path root) throws IOException {
        this.root = root;
        this.builder = new KernelBuilder(root, run, Sandboxes.bwrap("build-bench"));
        this.checkouts = new Checkouts(root, run);
        this.config = KernelConfig.builtin();
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: BuildBench CACHE_DIR (a directory of the bench's own; kept for a warm rerun)");
            System.exit(2);
        }
        new BuildBench(Path.of(args[0]).toAbsolutePath()).run();
    }

    private void run() throws Exception {
        FsnotifyCommits commits = FsnotifyCommits.at(root.resolve("bench-tree.git"), "fsnbot-bench-index");
        List<String> c = commits.range(5, "bench");
        Path repo = commits.repo();
        System.out.println("| build | seconds | kernel objects compiled | how |");
        System.out.println("|---|---|---|---|");
        row("the base, first", base(repo, c.get(0)));
        row("the base again", base(repo, c.get(0)));
        // A search for the 5th of 8 as stats.Bisection runs it on a clear step: the ends, the middle against the
        // good end, then the good end moved up, and the culprit against its parent.
        int[][] steps = {{0, 8}, {0, 4}, {4, 6}, {4, 5}};
        double worst = 0;
        for (int[] s : steps) {
            long start = System.nanoTime();
            Timed b = base(repo, c.get(s[0]));
            Timed p = patched(repo, c.get(s[0]), c.get(s[1]));
            double step = (System.nanoTime() - start) / 1e9;
            worst = Math.max(worst, step);
            row("bisection step c" + s[1] + " against c" + s[0] + ": base", b);
            row("bisection step c" + s[1] + " against c" + s[0] + ": candidate", p);
            System.out.printf(Locale.ROOT, "| bisection step c%d against c%d, whole | %.1f | | |%n", s[1], s[0], step);
        }
        System.out.printf(Locale.ROOT, "%nslowest bisection step: %.1f s%n%n", worst);
        // Every build directory gone (retention, a moved cache): what ccache alone keeps.
        run.check(List.of("rm", "-rf", KernelBuilder.builds(root).toString()), null, Duration.ofMinutes(10));
        Timed gone = base(repo, c.get(0));
        System.out.printf(Locale.ROOT, "| the base, its build directory gone | %.1f | %d | every object through"
                + " ccache |%n", gone.seconds(), gone.result().cost().objectsCompiled());
    }

    private record Timed(double seconds, BuildResult result) {
    }

    private Timed base(Path repo, String commit) throws IOException {
        long start = System.nanoTime();
        Path checkout = checkouts.at(repo, commit);
        BuildResult r = builder.buildBase(checkout, commit, config, KernelBuilder.Code.TRUSTED);
        checkouts.keepIfClean(commit);
        return timed(start, r);
    }

    private Timed patched(Path repo, String base, String head) throws IOException {
        long start = System.nanoTime();
        Path checkout = checkouts.at(repo, base);
        checkouts.switchTo(checkout, head);
        BuildResult r;
        try {
            r = builder.buildPatched(checkout, base, head, config);
        } finally {
            builder.restoreBase(checkout, base, head);
        }
        checkouts.keepIfClean(base);
        return timed(start, r);
    }

    private static Timed timed(long start, BuildResult r) throws IOException {
        if (!r.ok()) {
            throw new IOException(r.label() + " " + r.commit() + " failed: " + r.errorLines());
        }
        return new Timed((System.nanoTime() - start) / 1e9, r);
    }

    private static void row(String what, Timed t) {
        BuildResult.Cost cost = t.result().cost();
        System.out.printf(Locale.ROOT, "| %s | %.1f | %d | %s |%n", what, t.seconds(), cost.objectsCompiled(),
                cost.reused() ? "reused" : cost.objectsCompiled() > 1000 ? "full" : "incremental");
        System.out.flush();
    }
}
