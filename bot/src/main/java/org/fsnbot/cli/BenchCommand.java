package org.fsnbot.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.image.WorkloadBinaries;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.WorkloadSpec;
import org.fsnbot.report.HostSummary;
import org.fsnbot.run.HostRunner;
import org.fsnbot.run.ResultParser;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** `fsnbot bench --host`: the profile's workloads on the running kernel. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Run the workload set on this machine's own kernel (host runner) and summarise it.")
public final class BenchCommand implements Callable<Integer> {

    @Option(names = "--host", required = true, description = "Run natively on the running kernel (no VM).")
    boolean host;

    @Option(names = "--profile", defaultValue = "quick", description = "Profile name or JSON file (default: ${DEFAULT-VALUE}).")
    String profile;

    @Option(names = "--workloads", split = ",", description = "Only these workloads (default: all of the profile).")
    List<String> only;

    @Option(names = "--runs", defaultValue = "1", description = "Passes over the workload list (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--block-dir", defaultValue = "/var/tmp", description = "Host directory standing in for the guest's ext4 /mnt/block (default: ${DEFAULT-VALUE}).")
    Path blockDir;

    @Option(names = "--out", description = "Also write the raw JSON lines here.")
    Path out;

    @Option(names = "--home", description = "fsnbot's cache directory (default: $FSNBOT_HOME or ~/.cache/fsnbot).")
    Path home;

    @Override
    public Integer call() throws Exception {
        PrintStream err = System.err;
        Profile p;
        try {
            p = Profile.load(profile);
        } catch (IllegalArgumentException e) {
            err.println("fsnbot: " + e.getMessage());
            return TestPatchCommand.EXIT_BAD_INPUT;
        }
        List<WorkloadSpec> workloads = p.workloads();
        if (only != null) {
            for (String w : only) {
                if (workloads.stream().noneMatch(x -> x.name().equals(w))) {
                    err.println("fsnbot: profile " + p.name() + " has no workload " + w);
                    return TestPatchCommand.EXIT_BAD_INPUT;
                }
            }
            workloads = workloads.stream().filter(w -> only.contains(w.name())).toList();
        }
        if (runs < 1) {
            err.println("fsnbot: --runs must be at least 1");
            return TestPatchCommand.EXIT_BAD_INPUT;
        }
        CommandRunner runner = new CommandRunner();
        Path root = home != null ? home : TestPatchCommand.defaultHome();
        Path bin = new WorkloadBinaries(root, runner).build();
        HostRunner.HostResult r = new HostRunner(runner, new ResultParser(), err).run(bin, workloads, runs, blockDir,
                Duration.ofSeconds(p.bootTimeoutSeconds()));
        if (out != null) {
            Files.write(out, r.lines());
        }
        String kernel = runner.run(Arrays.asList("uname", "-r"), null, Duration.ofSeconds(10)).outputText().trim();
        System.out.print(HostSummary.render(r.samples(), r.gateFailures(), r.skipped(), kernel + ", profile "
                + p.name()));
        return r.gateFailures().isEmpty() ? 0 : 1;
    }
}
