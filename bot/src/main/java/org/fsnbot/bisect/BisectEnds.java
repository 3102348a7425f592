package org.fsnbot.bisect;

import java.io.IOException;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.fsnbot.job.Booted;
import org.fsnbot.job.Finding;
import org.fsnbot.job.JobRunner;
import org.fsnbot.job.Step;
import org.fsnbot.job.WhileOpen;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.plan.Profile;
import org.fsnbot.report.BisectReport;
import org.fsnbot.run.MetricKey;
import org.fsnbot.run.Sample;
import org.fsnbot.stats.AdaptiveSampling;
import org.fsnbot.stats.ChangeEstimator;
import org.fsnbot.stats.Comparison;
import org.fsnbot.stats.MetricComparison;
import org.fsnbot.stats.MetricPolicy;
import org.fsnbot.stats.Significance;
import org.fsnbot.stats.Verdict;
import org.fsnbot.testbed.Budget;

/**
 * A bisection's first step (docs/bisect.md): the bad end against the
 * good end with the reply's own statistics and stopping rule, and the
 * metric bisected: the one that regressed most clearly; with none
 * regressed, the one nearest to it, so the log still shows real numbers.
 */
final class BisectEnds {

    /** How the ends went, and where they ran (every step runs on the same runner and accelerator). */
    sealed interface Ends {
        BisectReport.Setup setup();
    }

    /** Measured: the metric, whether it regressed, the overall verdict, its change, the samples, boots a side. */
    record Measured(MetricKey metric, boolean regressed, String overall, double changePct, List<Sample> samples,
            int boots, BisectReport.Setup setup) implements Ends {
    }

    /** The ends could not be measured (a build, boot or gate failure): nothing is judged. */
    record Failed(String why, BisectReport.Setup setup) implements Ends {
    }

    private BisectEnds() {
    }

    static Ends measure(JobRunner jobs, Bisector.Request r, String good, String bad) throws IOException {
        Profile p = r.profile();
        AdaptiveSampling plan = new AdaptiveSampling(p.bootsPerKernel(), p.maxBootsPerKernel(), Significance.ALPHA);
        ChangeEstimator estimator = new ChangeEstimator(MetricPolicy.forProfile(p, plan.alpha())
                .withLooks(plan.spending()));
        JobRunner.Measuring m = jobs.measure(Bisector.job(r, good, bad,
                BaseReason.of(BaseReason.Kind.BISECTION_ENDS)),
                new Budget(plan.initialBoots(), plan.maxBoots()), new WhileOpen(plan, estimator));
        if (!(m.step() instanceof Step.Next<Booted> next)) {
            return new Failed(words(((Step.Stop<Booted>) m.step()).ending().finding()), setup(r, Optional.empty()));
        }
        List<Sample> samples = next.value().run().samples();
        Comparison c = estimator.compare(samples);
        List<MetricComparison> judged = c.metrics().stream().filter(MetricComparison::inVerdict).toList();
        Optional<MetricComparison> worst = judged.stream()
                .filter(x -> x.verdict().filter(v -> v == Verdict.REGRESSION).isPresent())
                .max(Comparator.comparingDouble(BisectEnds::clarity));
        MetricComparison shown = worst.or(() -> judged.stream().max(Comparator.comparingDouble(
                x -> x.lowerIsBetter() ? x.changePct() : -x.changePct()))).orElseThrow(() ->
                        new IllegalStateException("the ends' boots carry none of the profile's verdict metrics"));
        return new Measured(shown.key(), worst.isPresent(), c.overall().text(), shown.changePct(), samples,
                next.value().run().good().size(), setup(r, Optional.of(next.value())));
    }

    /** How clearly a regression stands out: its log change over its interval's width. */
    private static double clarity(MetricComparison x) {
        double width = Math.log1p(x.change().ciHighPct() / 100) - Math.log1p(x.change().ciLowPct() / 100);
        return Math.abs(Math.log1p(x.changePct() / 100)) / Math.max(1e-9, width);
    }

    /** A finding as the log says why a kernel was not measured: "build failed: ...". */
    static String words(Finding f) {
        return f.kind().name().toLowerCase(Locale.ROOT).replace('_', ' ') + ": " + f.detail();
    }

    private static BisectReport.Setup setup(Bisector.Request r, Optional<Booted> ends) {
        return new BisectReport.Setup(ends.map(Booted::host).orElse("unknown (the ends did not boot)"),
                ends.map(b -> b.instrument().label() + " (" + b.instrument().reason() + "); clock: "
                        + b.instrument().clock().word()).orElse("unknown"),
                r.profile().name(), r.topology().toString(),
                ends.map(b -> b.instrument().emulated()).orElse(false));
    }
}
