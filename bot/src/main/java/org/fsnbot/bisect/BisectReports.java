package org.fsnbot.bisect;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.git.Trees;
import org.fsnbot.report.ShellWords;
import org.fsnbot.report.BisectReport;
import org.fsnbot.stats.BisectJudge;
import org.fsnbot.stats.Bisection;

/** A bisection's result as its mail states it: the conclusion, the log of every step, how to reproduce it. */
final class BisectReports {

    /** The metric bisected (as a reply names it), the confirmation's table, the ends' change, where it ran. */
    record Metric(String label, String table, Optional<Double> changePct, BisectReport.Setup setup) {
    }

    private final Trees trees;
    private final CommandRunner git;

    BisectReports(Trees trees, CommandRunner git) {
        this.trees = trees;
        this.git = git;
    }

    Bisector.Outcome of(Bisector.Request r, Path repo, List<String> commits, Bisection.Result result, Metric m)
            throws IOException {
        String change = m.changePct().map(c -> String.format(Locale.ROOT, "%+.1f%%", c)).orElse("no change");
        BisectReport.Conclusion conclusion;
        Optional<String> author = Optional.empty();
        List<String> reproduce = new ArrayList<>();
        List<String> tail = new ArrayList<>(r.profile().asRun().options());
        tail.addAll(List.of("--topology", r.topology().toString()));
        if (result instanceof Bisection.Result.Culprit c) {
            String commit = commits.get(c.index());
            author = author(repo, commit);
            String parent = commits.get(c.index() - 1);
            conclusion = new BisectReport.Conclusion("culprit", m.label(), change, commit.substring(0, 12),
                    subject(repo, commit), author.orElse("unknown"), "");
            List<String> compare = new ArrayList<>(List.of("fsnbot", "compare", "--tree", r.tree(), parent, commit));
            compare.addAll(tail);
            reproduce.add(ShellWords.line(compare));
        } else {
            conclusion = new BisectReport.Conclusion(kind(result), m.label(), change, "", "", "", why(result,
                    commits));
        }
        List<String> bisect = new ArrayList<>(List.of("fsnbot", "bisect", "--tree", r.tree(), commits.get(0),
                commits.get(commits.size() - 1)));
        bisect.addAll(tail);
        reproduce.add(ShellWords.line(bisect));
        List<BisectReport.LogLine> log = new ArrayList<>();
        int i = 1;
        for (Bisection.Step s : result.steps()) {
            log.add(line(i++, s, commits));
        }
        BisectReport report = new BisectReport(conclusion, new BisectReport.Range(r.tree(), label(repo, commits.get(0)),
                label(repo, commits.get(commits.size() - 1)), commits.size() - 1), log, m.table(), reproduce,
                m.setup());
        return new Bisector.Outcome(report, author, result, commits);
    }

    /**
     * One step as the log shows it. The first is the ends, asked a
     * different question (did anything change?): changed, same or
     * unclear; the others are good, bad or unclear, skipped when their
     * kernel did not build or boot.
     */
    private static BisectReport.LogLine line(int step, Bisection.Step s, List<String> commits) {
        String commit = commits.get(s.index()).substring(0, 12);
        String against = s.against() == 0 ? "good end" : commits.get(s.against()).substring(0, 12);
        boolean ends = step == 1;
        if (s.measurement() instanceof Bisection.Measurement.Done d) {
            BisectJudge.Judgement j = d.judgement();
            String call = j.call().name().toLowerCase(Locale.ROOT);
            if (ends) {
                call = j.call() == BisectJudge.Call.BAD ? "changed" : j.call() == BisectJudge.Call.GOOD ? "same"
                        : "unclear";
            }
            return new BisectReport.LogLine(step, commit, against, String.format(Locale.ROOT, "%+.1f%%",
                    j.changePct()), Double.isNaN(j.lowLog()) ? "n/a" : String.format(Locale.ROOT,
                            "[%+.1f%%, %+.1f%%]", j.lowPct(), j.highPct()), call, d.boots());
        }
        return new BisectReport.LogLine(step, commit, against, "", "", ends ? "failed" : "skipped",
                s.measurement().boots());
    }

    private static String kind(Bisection.Result r) {
        if (r instanceof Bisection.Result.Culprit) {
            return "culprit";
        } else if (r instanceof Bisection.Result.Unclear) {
            return "unclear";
        } else if (r instanceof Bisection.Result.Ambiguous) {
            return "ambiguous";
        } else if (r instanceof Bisection.Result.BudgetSpent) {
            return "budget";
        }
        return "none";
    }

    private static String why(Bisection.Result r, List<String> commits) {
        if (r instanceof Bisection.Result.NoSingleCommit n) {
            return "no single commit reproduces the change (" + n.why() + ")";
        } else if (r instanceof Bisection.Result.Unclear u) {
            return "the step at " + commits.get(u.at()).substring(0, 12) + " stayed unclear after its most boots,"
                    + " so the culprit is after " + commits.get(u.lo()).substring(0, 12) + " and up to "
                    + commits.get(u.hi()).substring(0, 12) + ", not guessed";
        } else if (r instanceof Bisection.Result.Ambiguous a) {
            return "the culprit is one of " + a.candidates().stream().map(k -> commits.get(k).substring(0, 12))
                    .toList() + ": the others did not build or boot";
        } else if (r instanceof Bisection.Result.BudgetSpent b) {
            return "the budget ran out with the culprit after " + commits.get(b.lo()).substring(0, 12) + " and up to "
                    + commits.get(b.hi()).substring(0, 12);
        }
        return "";
    }

    private String label(Path repo, String commit) throws IOException {
        return trees.describe(repo, commit);
    }

    private String subject(Path repo, String commit) throws IOException {
        return first(repo, "log", "-1", "--format=%s", commit).orElse("");
    }

    private Optional<String> author(Path repo, String commit) throws IOException {
        return first(repo, "log", "-1", "--format=%an <%ae>", commit);
    }

    private Optional<String> first(Path repo, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("git"));
        cmd.addAll(List.of(args));
        CommandResult res = git.run(cmd, repo, Duration.ofMinutes(1));
        return res.ok() && !res.output().isEmpty() ? Optional.of(res.output().get(0).trim()) : Optional.empty();
    }
}
