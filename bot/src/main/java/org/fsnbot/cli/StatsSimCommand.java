package org.fsnbot.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.fsnbot.report.TextTable;
import org.fsnbot.run.MetricInfo;
import org.fsnbot.run.MetricKey;
import org.fsnbot.run.Sample;
import org.fsnbot.run.Side;
import org.fsnbot.stats.ChangeEstimator;
import org.fsnbot.stats.Comparison;
import org.fsnbot.stats.ComparisonRule;
import org.fsnbot.stats.FsnbotRule;
import org.fsnbot.stats.MetricComparison;
import org.fsnbot.stats.MetricPolicy;
import org.fsnbot.stats.MmtestsRule;
import org.fsnbot.stats.NoiseModel;
import org.fsnbot.stats.NoiseModels;
import org.fsnbot.stats.SequentialSimulation;
import org.fsnbot.stats.Significance;
import org.fsnbot.stats.VerdictSimulation;
import org.fsnbot.stats.ZeroDayRule;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** `fsnbot stats-sim`: false alarms and power of fsnbot's verdicts against the 0-day and mmtests rules. */
@Command(name = "stats-sim", mixinStandardHelpOptions = true,
        description = "Simulate A/A false alarms and detection power of the verdict rules on measured noise.")
public final class StatsSimCommand implements Callable<Integer> {

    @Option(names = "--trials", defaultValue = "2000", description = "Reports simulated per setting (default: ${DEFAULT-VALUE}).")
    int trials;

    @Option(names = "--seed", defaultValue = "20261130", description = "Random seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--models", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Also run the noise models nobody tuned to (default: ${DEFAULT-VALUE}).")
    boolean models;

    @Option(names = "--beyond", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Also run the models beyond the audit's, at settings nobody tuned to"
                    + " (default: ${DEFAULT-VALUE}).")
    boolean beyond;

    /** A quick-profile report: nine verdict metrics. */
    static final int REPORT_METRICS = 9;

    /** The boots a calibration runs a side by default (`fsnbot calibrate --boots`). */
    static final int CALIBRATION_BOOTS = 10;

    @Override
    public Integer call() throws Exception {
        Map<String, List<VerdictSimulation.NoiseSource>> byClock = new java.util.TreeMap<>(
                java.util.Comparator.reverseOrder());
        for (VerdictSimulation.NoiseSource s : VerdictSimulation.bundledSources()) {
            byClock.computeIfAbsent(s.clock(), k -> new ArrayList<>()).add(s);
        }
        // A report's metrics share a clock: wall-time and instruction-count noise are simulated apart.
        for (Map.Entry<String, List<VerdictSimulation.NoiseSource>> e : byClock.entrySet()) {
            simulate(e.getKey(), e.getValue());
            System.out.println();
        }
        if (models) {
            System.out.print(models("Noise nobody tuned to", NoiseModels.audit()));
            System.out.println();
            System.out.print(sequential());
            System.out.println();
        }
        if (beyond) {
            System.out.print(models("Beyond the audit, at settings chosen after the rules were",
                    NoiseModels.beyondAudit()));
            System.out.println();
        }
        if (models) {
            List<NoiseModel> all = new ArrayList<>(NoiseModels.audit());
            all.addAll(beyond ? NoiseModels.beyondAudit() : List.of());
            System.out.print(new FixedBootsTable(all, REPORT_METRICS, trials, seed).render());
            System.out.println();
        }
        System.out.print(seed000());
        return 0;
    }

    private void simulate(String clock, List<VerdictSimulation.NoiseSource> sources) {
        System.out.printf("Noise on the %s clock: %d sources (one metric each per simulated report), %d reports"
                + " per setting%n", clock, sources.size(), trials);
        for (VerdictSimulation.NoiseSource s : sources) {
            double ss = 0;
            for (double r : s.residuals()) {
                ss += r * r;
            }
            System.out.printf(Locale.ROOT, "  %-56s n=%3d sd=%5.1f%%%n", s.name(), s.residuals().length,
                    100 * Math.sqrt(ss / s.residuals().length));
        }
        VerdictSimulation sim = new VerdictSimulation(sources, trials, seed);
        List<ComparisonRule> rules = List.of(new FsnbotRule(Significance.ALPHA, Significance.MIN_EFFECT_PCT),
                new ZeroDayRule(1), new MmtestsRule(Significance.ALPHA));
        TextTable t = new TextTable(List.of("rule", "boots", "FA/metric", "FA/report", "power 1%", "2%", "5%",
                "10%"), 1);
        for (int boots : new int[] {3, 10}) {
            List<VerdictSimulation.Result> results = new ArrayList<>();
            for (ComparisonRule r : rules) {
                results.add(sim.run(r, boots));
            }
            results.add(sim.runCalibrated(Significance.ALPHA, boots, CALIBRATION_BOOTS));
            for (VerdictSimulation.Result res : results) {
                List<String> row = new ArrayList<>(List.of(res.rule(), Integer.toString(boots),
                        pct(res.falseAlarmPerMetric()), pct(res.falseAlarmPerReport())));
                for (double p : res.power()) {
                    row.add(pct(p));
                }
                t.row(row);
            }
        }
        System.out.println();
        System.out.print(t.render("  "));
        System.out.println("\nboots: per kernel (3 = quick profile, 10 = full). FA: A/A false alarms, any");
        System.out.println("direction. power: share of metrics called a regression when every metric of");
        System.out.println("the report truly got slower by that much. fsnbot as a job judges before any");
        System.out.println("calibration (2% noise assumed while boots are few), and calibrated: before");
        System.out.printf("each report an A/A calibration of %d+%d boots on the same noise.%n", CALIBRATION_BOOTS,
                CALIBRATION_BOOTS);
    }

    /**
     * Reports of nine metrics, all of one model of noise nobody tuned to:
     * A/A false alarms at the quick profile's 3 boots before and after a
     * calibration, and at the boots calibrate recommends with the power
     * those boots give against a true 2%.
     */
    private String models(String title, List<NoiseModel> list) {
        TextTable t = new TextTable(List.of("noise (every metric of a 9-metric report)", "FA 3 boots", "calibrated",
                "boots", "FA", "power 2%", "own"), 1);
        for (NoiseModel model : list) {
            VerdictSimulation sim = new VerdictSimulation(java.util.Collections.nCopies(REPORT_METRICS, model),
                    trials, seed);
            VerdictSimulation.Result before = sim.run(new FsnbotRule(Significance.ALPHA, Significance.MIN_EFFECT_PCT),
                    3);
            VerdictSimulation.Result after = sim.runCalibrated(Significance.ALPHA, 3, CALIBRATION_BOOTS);
            VerdictSimulation.Planned planned = sim.runPlanned(Significance.ALPHA, CALIBRATION_BOOTS, PLAN_CAP);
            t.row(List.of(model.name(), pct(before.falseAlarmPerReport()), pct(after.falseAlarmPerReport()),
                    String.format(Locale.ROOT, "%.1f (<= %d)", planned.meanBoots(), planned.mostBoots()),
                    pct(planned.falseAlarmPerReport()), pct(planned.power()), pct(planned.ownPower())));
        }
        return String.format(Locale.ROOT, "%s, %d reports per setting:%n%n", title, trials)
                + t.render("  ") + String.format(Locale.ROOT, "%nFA: A/A false alarms per report (any metric called),"
                + " at 3 boots a kernel before any%ncalibration and after one of %d+%d boots; boots: what calibrate"
                + " then%nrecommends for the report (mean, most; every boot in one look), with the A/A%nalarms and"
                + " the power per metric against a true +2%% at those boots; own: a metric's%npower at the boots"
                + " calibrate recommends for it alone, the only metric that changed.%n", CALIBRATION_BOOTS,
                CALIBRATION_BOOTS);
    }

    /**
     * The same models measured as a job of the full profile measures them
     * (10 boots a kernel first, a pair at a time while a verdict is open, up
     * to 20; each metric its own workload, left out of the pairs after the
     * look that decided it), after a calibration: the report-wide false
     * alarms of the whole sequence, the calls of a true 2%, and what the
     * workloads cost.
     */
    private String sequential() {
        TextTable t = new TextTable(List.of("noise (every metric of a 9-metric report)", "FA", "called 2%",
                "boots", "runs", "every", "runs 2%", "every 2%"), 1);
        for (NoiseModel model : NoiseModels.audit()) {
            VerdictSimulation sim = new VerdictSimulation(java.util.Collections.nCopies(REPORT_METRICS, model),
                    trials, seed);
            SequentialSimulation seq = new SequentialSimulation(sim);
            SequentialSimulation.Result aa = seq.run(Significance.ALPHA, FULL_BOOTS, FULL_MOST, CALIBRATION_BOOTS, 0);
            SequentialSimulation.Result two = seq.run(Significance.ALPHA, FULL_BOOTS, FULL_MOST, CALIBRATION_BOOTS,
                    Significance.MIN_EFFECT_PCT);
            t.row(List.of(model.name(), pct(aa.reportsCalling()), pct(two.regressions()),
                    String.format(Locale.ROOT, "%.1f", aa.meanBoots()),
                    String.format(Locale.ROOT, "%.0f", aa.workloadRuns()),
                    String.format(Locale.ROOT, "%.0f", aa.everyWorkloadRuns()),
                    String.format(Locale.ROOT, "%.0f", two.workloadRuns()),
                    String.format(Locale.ROOT, "%.0f", two.everyWorkloadRuns())));
        }
        return String.format(Locale.ROOT, "Sequential, as a job of the full profile measures (%d boots a kernel first,"
                + " up to %d), %d reports per setting:%n%n", FULL_BOOTS, FULL_MOST, trials) + t.render("  ")
                + String.format(Locale.ROOT, "%nFA: A/A reports with any metric called over the whole sequence; called"
                + " 2%%: metrics called a%nregression when every one truly grew by 2%%; boots: per kernel reached"
                + " (A/A); runs:%nworkload runs a side paid with decided workloads left out of the later pairs,%nevery:"
                + " had every pair run every workload (A/A, then at +2%%). Calibrated on%n%d+%d boots before each"
                + " report.%n", CALIBRATION_BOOTS, CALIBRATION_BOOTS);
    }

    /** The full profile's boots a kernel, first and at most. */
    static final int FULL_BOOTS = 10;
    static final int FULL_MOST = 20;

    /** Where the simulated plans stop: beyond it a metric is too noisy for 2% (the simulation says so). */
    static final int PLAN_CAP = 400;

    private static String pct(double v) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * v);
    }

    /**
     * Seed 000's per-client tables through the engine: the two "Before"
     * batches as two boots of the base, the "After" batch (printed twice,
     * identical) as the patched side.
     */
    static String seed000() {
        int[] clients = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512};
        double[] before1 = {1.392, 2.205, 3.969, 5.851, 10.607, 21.093, 48.698, 100.208, 198.773, 400.056};
        double[] before2 = {1.491, 2.391, 4.050, 6.630, 11.931, 22.513, 50.231, 100.699, 198.771, 401.860};
        double[] after = {1.484, 2.402, 3.644, 5.804, 11.538, 22.492, 49.576, 100.467, 197.669, 399.550};
        MetricInfo seconds = new MetricInfo("Clients", "s", true);
        List<Sample> s = new ArrayList<>();
        for (int i = 0; i < clients.length; i++) {
            MetricKey k = new MetricKey("parent-modify-scale", Integer.toString(clients[i]), "avg_client_s");
            s.add(new Sample(Side.BASE, 0, 0, k, seconds, before1[i]));
            s.add(new Sample(Side.BASE, 1, 0, k, seconds, before2[i]));
            s.add(new Sample(Side.PATCHED, 0, 0, k, seconds, after[i]));
            s.add(new Sample(Side.PATCHED, 1, 0, k, seconds, after[i]));
        }
        MetricPolicy p = new MetricPolicy(Map.of("parent-modify-scale", Set.of("avg_client_s")), Map.of(),
                Significance.ALPHA);
        TextTable t = new TextTable(List.of("Clients", "before", "after", "change", "95% CI", "p", "verdict"), 1);
        Comparison c = new ChangeEstimator(p).compare(s);
        for (MetricComparison m : c.metrics()) {
            t.row(List.of(m.key().variant(), String.format(Locale.ROOT, "%.3f", m.base().mean()),
                    String.format(Locale.ROOT, "%.3f", m.patched().mean()),
                    String.format(Locale.ROOT, "%+.1f%%", m.changePct()),
                    Double.isInfinite(m.change().ciHighPct()) ? "unknown" : String.format(Locale.ROOT,
                            "[%+.1f%%, %+.1f%%]", m.change().ciLowPct(), m.change().ciHighPct()),
                    String.format(Locale.ROOT, "%.3f", m.change().pValue()), m.verdict().orElseThrow().text()));
        }
        return "Seed 000 through the engine (2 before batches vs the after batch):\n\n" + t.render("  ")
                + "\nOverall: " + c.overall().text() + "\n";
    }
}
