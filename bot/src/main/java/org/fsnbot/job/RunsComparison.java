package org.fsnbot.job;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.fsnbot.plan.Profile;
import org.fsnbot.report.Measurement;
import org.fsnbot.report.RunsReport;
import org.fsnbot.run.BootResults;
import org.fsnbot.run.MetricKey;
import org.fsnbot.run.ResultParser;
import org.fsnbot.run.RunFile;
import org.fsnbot.run.Sample;
import org.fsnbot.run.Side;
import org.fsnbot.stats.AdaptiveSampling;
import org.fsnbot.stats.ChangeEstimator;
import org.fsnbot.stats.Comparison;
import org.fsnbot.stats.MetricPolicy;
import org.fsnbot.stats.NoiseFloor;
import org.fsnbot.stats.OneRun;
import org.fsnbot.stats.Significance;

/**
 * `fsnbot compare-runs` (docs/numa.md): runs a person made with `fsnbot
 * bench --host --out` on two kernels, through the reply's own statistics.
 * Each pass of a file is one boot of its side. Files must come from one
 * profile and one version of the workloads; otherwise the numbers are of
 * different programs and nothing is compared.
 */
public final class RunsComparison {

    /** What a comparison of runs ended as: the report, or the gate failures (no verdict), and the outcome. */
    public record Result(RunsReport report, List<String> gateFailures, Outcome outcome) {
        public Result {
            gateFailures = List.copyOf(gateFailures);
        }
    }

    private final ResultParser parser = new ResultParser();

    /** Compares base and patched run files, already read; names the files in what it refuses. */
    public Result compare(Map<Path, RunFile> base, Map<Path, RunFile> patched) throws IOException {
        if (base.isEmpty() || patched.isEmpty()) {
            throw new IllegalArgumentException("compare-runs needs at least one --base and one --patched file");
        }
        Map<Path, RunFile> all = new java.util.LinkedHashMap<>(base);
        all.putAll(patched);
        Map.Entry<Path, RunFile> first = all.entrySet().iterator().next();
        for (Map.Entry<Path, RunFile> e : all.entrySet()) {
            RunFile.Header a = first.getValue().header();
            RunFile.Header b = e.getValue().header();
            if (!a.workloads().equals(b.workloads())) {
                throw new IllegalArgumentException(first.getKey() + " (workloads " + a.workloads() + ") and " + e.getKey()
                        + " (workloads " + b.workloads() + ") come from different versions of the workloads: their"
                        + " numbers are of different programs; compare runs of one fsnbot");
            }
            if (!a.profileHash().equals(b.profileHash())) {
                throw new IllegalArgumentException(first.getKey() + " and " + e.getKey() + " ran different profiles"
                        + " (or one profile with different arguments): compare runs of one profile");
            }
        }
        List<RunsReport.SameRun> same = new ArrayList<>();
        Map<Path, RunFile> baseOnce = once(base, "base", same);
        Map<Path, RunFile> patchedOnce = once(patched, "patched", same);
        oneKernelARun(baseOnce, patchedOnce);
        Profile profile = Profile.fromJson(first.getValue().header().profileJson());
        List<Sample> samples = new ArrayList<>();
        List<String> gate = new ArrayList<>();
        Set<String> skipped = new LinkedHashSet<>();
        int baseRuns = add(baseOnce, Side.BASE, samples, gate, skipped);
        boolean baseFailedGate = !gate.isEmpty();
        int patchedRuns = add(patchedOnce, Side.PATCHED, samples, gate, skipped);
        if (!gate.isEmpty()) {
            return new Result(null, gate, baseFailedGate ? Outcome.INFRASTRUCTURE : Outcome.REGRESSION);
        }
        int n = Math.min(baseRuns, patchedRuns);
        AdaptiveSampling plan = new AdaptiveSampling(Math.max(2, n), Math.max(2, n), Significance.ALPHA);
        // Host runs have no calibration: the wall clock's least CV, and 2% assumed while runs are few.
        MetricPolicy policy = MetricPolicy.forProfile(profile, plan.alpha())
                .withFloor(NoiseFloor.uncalibrated(NoiseFloors.WALL_CV_PCT));
        // Passes of distinct runs are independent whatever their values; without run ids nobody can say.
        boolean known = all.values().stream().allMatch(f -> f.header().origin().known());
        Comparison c = new ChangeEstimator(known ? policy.withOwnBoots() : policy).compare(samples);
        Measurement m = new Measurement(c, n, plan, 0, List.copyOf(skipped), List.of());
        List<RunsReport.Injected> injected = new ArrayList<>();
        injected(baseOnce, "base").ifPresent(injected::add);
        injected(patchedOnce, "patched").ifPresent(injected::add);
        same.addAll(sameFiles(baseOnce, "base"));
        same.addAll(sameFiles(patchedOnce, "patched"));
        RunsReport r = new RunsReport(side(baseOnce, baseRuns), side(patchedOnce, patchedRuns), profile.name(),
                first.getValue().header().workloads(), new RunsReport.Cautions(injected, same,
                        known ? RunsReport.FlatRows.NONE : withoutVariance(samples, profile)), m);
        return new Result(r, List.of(), new Finding.Report(m).outcome());
    }

    private int add(Map<Path, RunFile> files, Side side, List<Sample> samples, List<String> gate, Set<String> skipped)
            throws IOException {
        int boot = 0;
        for (Map.Entry<Path, RunFile> e : files.entrySet()) {
            for (List<String> pass : e.getValue().passes()) {
                BootResults r;
                try {
                    r = parser.parse(side, boot, pass);
                } catch (ResultParser.BadResultsException ex) {
                    throw new IOException(e.getKey() + ", pass " + (boot + 1) + ": " + ex.getMessage(), ex);
                }
                samples.addAll(r.samples());
                int b = boot;
                r.gateFailures().forEach(g -> gate.add(side.name().toLowerCase(Locale.ROOT) + " run " + (b + 1)
                        + ": " + g));
                skipped.addAll(r.skipped());
                boot++;
            }
        }
        return boot;
    }

    private static RunsReport.Side side(Map<Path, RunFile> files, int runs) {
        Set<String> kernels = new LinkedHashSet<>();
        Set<String> hosts = new LinkedHashSet<>();
        files.values().forEach(f -> {
            kernels.add(f.header().kernel());
            hosts.add(f.header().host());
        });
        return new RunsReport.Side(files.keySet().stream().map(Path::toString).toList(), List.copyOf(kernels),
                List.copyOf(hosts), runs);
    }

    /** Runs made with --inject: a cost put there on purpose, which the reader must know is not the kernel's. */
    private static Optional<RunsReport.Injected> injected(Map<Path, RunFile> files, String side) {
        long n = files.values().stream().filter(f -> !f.header().inject().isEmpty()).count();
        return files.values().stream().map(f -> f.header().inject()).filter(s -> !s.isEmpty()).findFirst()
                .map(what -> new RunsReport.Injected(side, n, files.size(), what));
    }

    /**
     * A side's files with each run once: a file whose run id an earlier
     * file of the side has is that run again (a copy, or a copy whose
     * numbers were edited: its passes would pass for more runs), left
     * out and said in same.
     */
    private static Map<Path, RunFile> once(Map<Path, RunFile> files, String side, List<RunsReport.SameRun> same) {
        Map<String, Path> firstOf = new java.util.HashMap<>();
        Map<Path, RunFile> out = new java.util.LinkedHashMap<>();
        for (Map.Entry<Path, RunFile> e : files.entrySet()) {
            RunFile.Origin o = e.getValue().header().origin();
            Path first = o.known() ? firstOf.putIfAbsent(o.run(), e.getKey()) : null;
            if (first == null) {
                out.put(e.getKey(), e.getValue());
            } else {
                same.add(new RunsReport.SameRun(side, first.toString(), e.getKey().toString(), true));
            }
        }
        return out;
    }

    /** One run given as base and as patched measured one kernel: there is nothing to compare. */
    private static void oneKernelARun(Map<Path, RunFile> base, Map<Path, RunFile> patched) {
        for (Map.Entry<Path, RunFile> b : base.entrySet()) {
            for (Map.Entry<Path, RunFile> p : patched.entrySet()) {
                RunFile.Origin o = b.getValue().header().origin();
                if (o.known() && o.run().equals(p.getValue().header().origin().run())) {
                    throw new IllegalArgumentException(b.getKey() + " (base) and " + p.getKey() + " (patched) are"
                            + " one run (run " + o.run() + ", started " + o.started() + "): a run measures one"
                            + " kernel; give each side runs made on its own kernel");
                }
            }
        }
    }

    /**
     * Files of one side with the same bytes and no run id: one run given
     * twice looks like two runs without noise. (Files with run ids are
     * judged by them, in once.)
     */
    private static List<RunsReport.SameRun> sameFiles(Map<Path, RunFile> files, String side) throws IOException {
        List<RunsReport.SameRun> out = new ArrayList<>();
        List<Path> paths = files.entrySet().stream().filter(e -> !e.getValue().header().origin().known())
                .map(Map.Entry::getKey).toList();
        for (int i = 0; i < paths.size(); i++) {
            for (int j = i + 1; j < paths.size(); j++) {
                if (Arrays.equals(Files.readAllBytes(paths.get(i)), Files.readAllBytes(paths.get(j)))) {
                    out.add(new RunsReport.SameRun(side, paths.get(i).toString(), paths.get(j).toString(), false));
                }
            }
        }
        return out;
    }

    /**
     * A verdict metric whose runs on a side all have one value, or all
     * but one (OneRun.looksRepeated), in files of unknown
     * provenance: zero variance is no noise estimate.
     */
    private static RunsReport.FlatRows withoutVariance(List<Sample> samples, Profile profile) {
        Map<String, Map<Integer, Double>> perRun = new TreeMap<>();
        MetricPolicy policy = MetricPolicy.forProfile(profile, Significance.ALPHA);
        for (Sample s : samples) {
            MetricKey k = s.key();
            if (policy.inVerdict(k)) {
                perRun.computeIfAbsent(s.side().name().toLowerCase(Locale.ROOT) + " " + k.workload() + " "
                        + k.variant() + " " + k.metric(), x -> new TreeMap<>()).merge(s.boot(), s.value(), Double::sum);
            }
        }
        List<String> flat = new ArrayList<>();
        for (Map.Entry<String, Map<Integer, Double>> e : perRun.entrySet()) {
            if (OneRun.looksRepeated(e.getValue().values().stream().mapToDouble(Double::doubleValue)
                    .toArray())) {
                flat.add(e.getKey());
            }
        }
        return flat.isEmpty() ? RunsReport.FlatRows.NONE : new RunsReport.FlatRows(flat.size(), flat.get(0));
    }
}
