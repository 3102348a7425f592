package org.fsnbot.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import org.fsnbot.app.Application;
import org.fsnbot.app.Config;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.WorkloadSpec;
import org.fsnbot.report.HostSummary;
import org.fsnbot.image.WorkloadBinaries;
import org.fsnbot.report.Versions;
import org.fsnbot.run.HostRunner;
import org.fsnbot.run.RunFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** `fsnbot bench --host`: the profile's workloads on the running kernel. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Run the workload set on this machine's own kernel (host runner) and summarise it.")
public final class BenchCommand implements Callable<Integer> {

    @Option(names = "--host", required = true, description = "Run natively on the running kernel (no VM).")
    boolean host;

    @Option(names = "--profile", description = "Profile name or JSON file (default: the configuration's, quick).")
    String profile;

    @Option(names = "--workloads", split = ",", description = "Only these workloads (default: all of the profile).")
    List<String> only;

    @Option(names = "--runs", defaultValue = "1", description = "Passes over the workload list (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--block-dir", defaultValue = "/var/tmp", description = "Host directory standing in for the guest's ext4 /mnt/block (default: ${DEFAULT-VALUE}).")
    Path blockDir;

    @Option(names = "--out", description = "Also write the run here (its profile, workload version, kernel and"
            + " each pass's JSON lines), for `fsnbot compare-runs`.")
    Path out;

    @Option(names = "--inject", description = "parent-watch: every mode also watches the workload's directory, a"
            + " simulated regression for checking a comparison (the run file says so).")
    String inject;

    @Option(names = "--json", description = "Also write the summary as JSON here (docs/result.schema.json,"
            + " fsnbot-bench/1).")
    Path json;

    @Mixin
    ConfigOptions options;

    @Override
    public Integer call() throws Exception {
        Config cfg = options.load();
        Profile p;
        try {
            p = profile == null ? cfg.jobs().profile() : Profile.load(profile);
        } catch (IllegalArgumentException e) {
            throw BadInput.of(e);
        }
        List<WorkloadSpec> workloads = p.workloads();
        if (only != null) {
            for (String w : only) {
                BadInput.require(workloads.stream().anyMatch(x -> x.name().equals(w)),
                        "profile " + p.name() + " has no workload " + w);
            }
            workloads = workloads.stream().filter(w -> only.contains(w.name())).toList();
        }
        BadInput.require(runs >= 1, "--runs must be at least 1");
        BadInput.require(inject == null || inject.equals("parent-watch"), "--inject knows parent-watch only");
        Application.HostBench bench = Application.hostBench(cfg.home().create());
        RunFile.Origin origin = new RunFile.Origin(java.util.UUID.randomUUID().toString(), bootId(),
                java.time.Instant.now().toString());
        HostRunner.HostResult r = bench.runner().run(bench.workloads().build(), workloads, runs, blockDir,
                Duration.ofSeconds(p.bootTimeoutSeconds()), inject == null ? List.of() : List.of("--inject", inject));
        String kernel = bench.commands().run(List.of("uname", "-r"), null, Duration.ofSeconds(10)).outputText().trim();
        if (out != null) {
            // The workloads' binaries live under a directory named by the hash of their sources: their version.
            Profile ran = p.withWorkloads(workloads);
            RunFile.Header h = RunFile.Header.of(ran.toJson(), bench.workloads().build().getParent().getFileName()
                    .toString(),
                    kernel, java.net.InetAddress.getLocalHost().getHostName(), inject == null ? "" : inject, origin);
            Files.write(out, new RunFile(h, r.passes()).lines(new ObjectMapper()));
        }
        System.out.print(HostSummary.render(r.samples(), r.gateFailures(), r.skipped(), kernel + ", profile "
                + p.name()));
        if (json != null) {
            ObjectMapper mapper = new ObjectMapper();
            mapper.writerWithDefaultPrettyPrinter().writeValue(json.toFile(), summary(mapper, r, kernel, p.name(),
                    Versions.ofThisBuild(WorkloadBinaries.sourcesVersion())));
        }
        return r.gateFailures().isEmpty() ? ExitCodes.OK : ExitCodes.REGRESSION;
    }

    /** The running kernel's boot id: a run made in another boot of the host is another sample of its state. */
    private static String bootId() {
        try {
            return Files.readString(java.nio.file.Path.of("/proc/sys/kernel/random/boot_id")).strip();
        } catch (java.io.IOException e) {
            return "";
        }
    }

    static ObjectNode summary(ObjectMapper mapper, HostRunner.HostResult r, String kernel, String profile,
            Versions versions) {
        ObjectNode root = mapper.createObjectNode();
        root.put("schema", "fsnbot-bench/1");
        root.put("kernel", kernel);
        root.put("profile", profile);
        root.putObject("versions").put("fsnbot", versions.fsnbot()).put("workloads", versions.workloads());
        ArrayNode gate = root.putArray("gate");
        r.gateFailures().forEach(gate::add);
        ArrayNode rows = root.putArray("rows");
        for (HostSummary.Row row : HostSummary.rows(r.samples())) {
            ObjectNode n = rows.addObject();
            n.put("workload", row.workload());
            n.put("row", row.row());
            n.put("metric", row.metric());
            n.put("unit", row.unit());
            n.put("mean", row.mean());
            if (Double.isNaN(row.cvPct())) {
                n.putNull("cvPct");
            } else {
                n.put("cvPct", row.cvPct());
            }
            n.put("n", row.n());
        }
        ArrayNode skipped = root.putArray("skipped");
        r.skipped().forEach(skipped::add);
        return root;
    }
}
