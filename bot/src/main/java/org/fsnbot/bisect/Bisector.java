package org.fsnbot.bisect;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.fsnbot.build.KernelBuilder;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.git.Trees;
import org.fsnbot.intake.TreeWatcher;
import org.fsnbot.job.Booted;
import org.fsnbot.job.Candidate;
import org.fsnbot.job.Job;
import org.fsnbot.job.JobRunner;
import org.fsnbot.job.ReplyRoute;
import org.fsnbot.job.Step;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import org.fsnbot.report.BisectReport;
import org.fsnbot.report.ResultTables;
import org.fsnbot.report.RowLabel;
import org.fsnbot.run.MetricKey;
import org.fsnbot.run.Sample;
import org.fsnbot.run.Side;
import org.fsnbot.stats.BisectJudge;
import org.fsnbot.stats.Bisection;
import org.fsnbot.stats.ChangeEstimator;
import org.fsnbot.stats.Comparison;
import org.fsnbot.stats.MetricPolicy;
import org.fsnbot.stats.MetricSamples;
import org.fsnbot.stats.Significance;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * From "somewhere in this range" to "this commit" (docs/bisect.md): the
 * ends measured with the reply's statistics (which metric regressed, and
 * by how much), then stats.Bisection over the first-parent commits between
 * them (in a large range, those touching fsnotify's paths first), each
 * step a job of its own (the good end as base, the step's commit as
 * candidate, built incrementally, booted interleaved on this runner),
 * its boots judged by which end they are nearer; a commit that does not
 * build or boot is skipped and named; the candidate confirmed
 * against its parent before it is blamed.
 */
public final class Bisector {

    private static final Logger log = LoggerFactory.getLogger(Bisector.class);

    /** What to bisect: a tree's good and bad revisions, the profile (its workloads), topology, budget. */
    public record Request(String tree, String good, String bad, Profile profile, Topology topology, Budget budget,
            KernelBuilder.Code code) {
        public Request {
            Objects.requireNonNull(code, "code: whether the tree's code is trusted");
            Objects.requireNonNull(tree);
            Objects.requireNonNull(good);
            Objects.requireNonNull(bad);
            Objects.requireNonNull(profile);
            Objects.requireNonNull(topology);
            Objects.requireNonNull(budget);
        }
    }

    /** The most boots and wall time a bisection may take. */
    public record Budget(int maxBoots, Duration wall) {
        public Budget {
            if (maxBoots < 4 || wall.isNegative() || wall.isZero()) {
                throw new IllegalArgumentException("a bisection budget needs boots >= 4 and a positive wall time");
            }
        }
    }

    /** How it ended: the report for the mail, and the culprit's author when one was named. */
    public record Outcome(BisectReport report, Optional<String> author, Bisection.Result result, List<String> commits) {
        public Outcome {
            Objects.requireNonNull(report);
            Objects.requireNonNull(author);
            commits = List.copyOf(commits);
        }

        /** Whether the ends were measured at all: without them nothing was judged (an infrastructure failure). */
        public boolean endsMeasured() {
            return result.steps().get(0).measurement() instanceof Bisection.Measurement.Done;
        }
    }

    /** A range longer than this is searched over its commits touching fsnotify's paths first. */
    public static final int FOCUS_ABOVE = 32;

    private final JobRunner jobs;
    private final Trees trees;
    private final CommandRunner git;
    private final TreeWatcher paths;
    private final Clock clock;
    private final double buildScatterPct;

    /**
     * clock: the wall-time budget's (Request.budget().wall());
     * buildScatterPct: the runner's builds' scatter (Bisection's buildSd,
     * in %).
     */
    public Bisector(JobRunner jobs, Trees trees, CommandRunner git, TreeWatcher paths, Clock clock,
            double buildScatterPct) {
        this.buildScatterPct = buildScatterPct;
        this.jobs = jobs;
        this.trees = trees;
        this.git = git;
        this.paths = paths;
        this.clock = clock;
    }

    public Outcome run(Request r) throws IOException {
        Path repo = trees.local(r.tree());
        String good = trees.resolve(repo, r.good());
        String bad = trees.resolve(repo, r.bad());
        List<String> commits = new ArrayList<>(List.of(good));
        commits.addAll(lines(repo, "rev-list", "--first-parent", "--reverse", good + ".." + bad));
        if (commits.size() < 2) {
            throw new IllegalArgumentException(r.bad() + " is not after " + r.good() + " on its first-parent line");
        }
        int n = commits.size() - 1;
        Instant deadline = clock.instant().plus(r.budget().wall());
        Bisection.Settings standard = Bisection.Settings.standard();
        int most = Math.max(standard.maxPairs(), r.profile().maxBootsPerKernel());
        Bisection.Settings settings = new Bisection.Settings(standard.initialPairs(), most, 2 * most,
                standard.searchAlpha(), standard.blameAlpha(), standard.minEffectPct(), r.budget().maxBoots());
        BisectEnds.Ends measuredEnds = BisectEnds.measure(jobs, r, good, bad);
        if (measuredEnds instanceof BisectEnds.Failed f) {
            Bisection.Result none = new Bisection.Result.NoSingleCommit("the ends could not be measured: "
                    + f.why(), List.of(new Bisection.Step(n, 0, new Bisection.Measurement.Skipped(f.why(), 0))));
            return outcome(r, repo, commits, none, new BisectReports.Metric("the profile's verdict metrics", "",
                    Optional.empty(), f.setup()));
        }
        BisectEnds.Measured ends = (BisectEnds.Measured) measuredEnds;
        Steps steps = new Steps(r, commits, ends.metric(), deadline);
        Bisection bisection = new Bisection(settings, Math.log1p(buildScatterPct / 100));
        String label = label(ends.metric(), ends.samples());
        Bisection.Measurement endsJudged = new Bisection.Measurement.Done(bisection.endpoint(
                steps.logs(ends.samples(), Side.BASE), steps.logs(ends.samples(), Side.PATCHED)), ends.boots());
        if (!ends.regressed()) {
            // Measured, and nothing regressed: the ends' step says so in the log, with its real numbers.
            Bisection.Result none = new Bisection.Result.NoSingleCommit("the ends show no regression: "
                    + ends.overall(), List.of(new Bisection.Step(n, 0, endsJudged)));
            return outcome(r, repo, commits, none, new BisectReports.Metric(label, "", Optional.of(ends.changePct()),
                    ends.setup()));
        }
        Bisection.Result result = bisection.run(n, focus(repo, commits), endsJudged, steps);
        String table = "";
        if (result instanceof Bisection.Result.Culprit c) {
            table = steps.confirmationTable(c.index());
        }
        return outcome(r, repo, commits, result, new BisectReports.Metric(label, table,
                Optional.of(ends.changePct()), ends.setup()));
    }

    /**
     * In a range of more than FOCUS_ABOVE commits, the indices of those
     * touching fsnotify's paths (MAINTAINERS at the bad end): one of them
     * most likely carries an fsnotify regression, and a few steps over
     * them narrow a merge window's thousands of commits to the ones
     * between two of them. None, or all: no focus.
     */
    private List<Integer> focus(Path repo, List<String> commits) throws IOException {
        int n = commits.size() - 1;
        if (n <= FOCUS_ABOVE) {
            return List.of();
        }
        Set<String> touching = paths.touchingFsnotify(repo, commits.subList(1, n), commits.get(n));
        List<Integer> focus = new ArrayList<>();
        for (int i = 1; i < n; i++) {
            if (touching.contains(commits.get(i))) {
                focus.add(i);
            }
        }
        return focus.size() == n - 1 ? List.of() : focus;
    }

    /** The steps' kernels: jobs measured on this runner, judged by the bisection's rule. */
    private final class Steps implements Bisection.Kernels {
        private final Request r;
        private final List<String> commits;
        private final MetricKey metric;
        private final Instant deadline;
        private final Map<String, List<Sample>> measured = new HashMap<>();

        Steps(Request r, List<String> commits, MetricKey metric, Instant deadline) {
            this.r = r;
            this.commits = commits;
            this.metric = metric;
            this.deadline = deadline;
        }

        @Override
        public boolean exhausted() {
            return clock.instant().isAfter(deadline);
        }

        @Override
        public Bisection.Measurement measure(int i, int j, Bisection.Rule rule, Bisection.Pairs pairs) {
            try {
                JobRunner.Measuring m = jobs.measure(job(r, commits.get(j), commits.get(i),
                        BaseReason.of(BaseReason.Kind.BISECTION_STEP, Integer.toString(i))),
                        new org.fsnbot.testbed.Budget(pairs.initial(), pairs.max()), (soFar, booted) ->
                                rule.judge(logs(soFar.samples(), Side.BASE), logs(soFar.samples(), Side.PATCHED))
                                        .call() == BisectJudge.Call.UNCLEAR);
                if (m.step() instanceof Step.Next<Booted> next) {
                    List<Sample> samples = next.value().run().samples();
                    measured.put(i + "/" + j, samples);
                    return new Bisection.Measurement.Done(rule.judge(logs(samples, Side.BASE), logs(samples,
                            Side.PATCHED)), next.value().run().good().size());
                }
                return new Bisection.Measurement.Skipped(BisectEnds.words(((Step.Stop<Booted>) m.step()).ending()
                        .finding()), 0);
            } catch (IOException | RuntimeException e) {
                // The report goes by mail: the exception's text (local paths, library wording) stays in the log.
                log.warn("bisection step {} ({}) could not be measured", i, commits.get(i), e);
                return new Bisection.Measurement.Skipped("could not be measured (a failure of fsnbot's; its log has"
                        + " it)", 0);
            }
        }

        double[] logs(List<Sample> samples, Side side) {
            return MetricSamples.group(samples).stream().filter(x -> x.key().equals(metric)).findFirst()
                    .map(x -> Arrays.stream(x.perBoot(side)).map(Math::log).toArray())
                    .orElse(new double[0]);
        }

        /** The culprit against its parent in the reply's table (the metric's workload, every row). */
        String confirmationTable(int culprit) {
            List<Sample> s = measured.get(culprit + "/" + (culprit - 1));
            if (s == null) {
                return "";
            }
            MetricPolicy policy = new MetricPolicy(Map.of(metric.workload(), Set.of(metric.metric())), Map.of(),
                    Significance.ALPHA);
            Comparison c = new ChangeEstimator(policy).compare(s.stream().filter(x -> x.key().workload()
                    .equals(metric.workload())).toList());
            return ResultTables.verdictTables(c, List.of(), false);
        }
    }

    /** A step's job: base the kernel measured against, head the step's commit; measured only, no reply. */
    static Job job(Request r, String base, String head, BaseReason why) {
        return new Job(new Base(r.tree(), base, why), new Candidate.Revision(head), r.profile(),
                r.topology(), new ReplyRoute.Nowhere(), true, r.code());
    }

    private Outcome outcome(Request r, Path repo, List<String> commits, Bisection.Result result,
            BisectReports.Metric m) throws IOException {
        return new BisectReports(trees, git).of(r, repo, commits, result, m);
    }

    private List<String> lines(Path repo, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("git"));
        cmd.addAll(List.of(args));
        CommandResult res = git.run(cmd, repo, Duration.ofMinutes(5));
        if (!res.ok()) {
            throw new IOException(String.join(" ", cmd) + ": " + String.join(" | ", res.tail(3)));
        }
        return res.output().stream().map(String::trim).filter(x -> !x.isEmpty()).toList();
    }

    /** "parent-modify-scale clients=1 avg_client_s", as a reply names the row. */
    static String label(MetricKey k, List<Sample> samples) {
        String heading = samples.stream().filter(x -> x.key().equals(k)).findFirst().map(x -> x.info().label())
                .orElse("");
        return k.workload() + " " + RowLabel.of(heading, k.variant()) + " " + k.metric();
    }
}
