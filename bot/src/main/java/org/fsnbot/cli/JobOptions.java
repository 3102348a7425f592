package org.fsnbot.cli;

import java.io.IOException;
import org.fsnbot.plan.HostTopology;
import org.fsnbot.plan.JobDefaults;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import picocli.CommandLine.Option;

/** --profile and --topology, defaulting to the configuration's. */
final class JobOptions {

    @Option(names = "--profile", description = "Workload profile name or JSON file (default: the configuration's,"
            + " quick).")
    String profile;

    @Option(names = "--topology", description = "Guest topology: sockets=N,cores=N,threads=N,nodes=N,mem=NM[,pin]"
            + " (pin: vCPUs pinned, memory bound to host nodes), or mirror[:nodes=N] (a pinned guest mirroring"
            + " this host's nodes); default: the configuration's, sockets=2,cores=1,nodes=2 (docs/numa.md).")
    String topology;

    /**
     * The defaults with what was named on the command line, a mirror
     * mirrored on this host; BadInput when a name is bad or this host
     * cannot give what is asked.
     */
    JobDefaults over(JobDefaults defaults) throws IOException {
        try {
            Topology t = topology == null ? defaults.topology() : Topology.parse(topology);
            return new JobDefaults(profile == null ? defaults.profile() : Profile.load(profile),
                    t.mirroring(HostTopology.readOrGuess()));
        } catch (IllegalArgumentException e) {
            throw BadInput.of(e);
        }
    }
}
