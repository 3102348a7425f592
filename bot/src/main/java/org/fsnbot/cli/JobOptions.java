package org.fsnbot.cli;

import java.io.IOException;
import java.util.List;
import org.fsnbot.plan.HostTopology;
import org.fsnbot.plan.JobDefaults;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import picocli.CommandLine.Option;

/**
 * --profile (with --workloads and --runs, the changes a rerun can make
 * to it) and --topology, defaulting to the configuration's.
 */
final class JobOptions {

    @Option(names = "--profile", description = "Workload profile name or JSON file (default: the configuration's,"
            + " quick).")
    String profile;

    @Option(names = "--workloads", split = ",", description = "Only these workloads of the profile (the"
            + " correctness gate always runs).")
    List<String> workloads;

    @Option(names = "--runs", description = "Boots per kernel, fixed (no adaptive extra pairs); as #fsnbot"
            + " rerun runs=N.")
    Integer runs;

    @Option(names = "--topology", description = "Guest topology: sockets=N,cores=N,threads=N,nodes=N,mem=NM[,pin]"
            + " (pin: vCPUs pinned, memory bound to host nodes), or mirror[:nodes=N] (a pinned guest mirroring"
            + " this host's nodes); default: the configuration's, sockets=2,cores=1,nodes=2 (docs/numa.md).")
    String topology;

    /**
     * The defaults with what was named on the command line, a mirror
     * mirrored on this host; BadInput when a name is bad or this host
     * cannot give what is asked.
     */
    JobDefaults over(JobDefaults defaults, HostTopology host) throws IOException {
        try {
            Topology t = topology == null ? defaults.topology() : Topology.parse(topology);
            Profile p = profile == null ? defaults.profile() : Profile.load(profile);
            if (workloads != null) {
                p = p.only(workloads);
            }
            if (runs != null) {
                BadInput.require(runs >= 2, "--runs must be at least 2 (boots are the samples)");
                p = p.withBoots(runs);
            }
            return new JobDefaults(p, t.mirroring(host));
        } catch (IllegalArgumentException e) {
            throw BadInput.of(e);
        }
    }
}
