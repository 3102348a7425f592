package org.fsnbot.cli;

import java.io.IOException;
import org.fsnbot.plan.JobDefaults;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import picocli.CommandLine.Option;

/** --profile and --topology, defaulting to the configuration's. */
final class JobOptions {

    @Option(names = "--profile", description = "Workload profile name or JSON file (default: the configuration's,"
            + " quick).")
    String profile;

    @Option(names = "--topology", description = "Guest topology: sockets=N,cores=N,threads=N,nodes=N,mem=NM"
            + " (default: the configuration's, sockets=2,cores=1,nodes=2).")
    String topology;

    /** The defaults with what was named on the command line; BadInput when a name is bad. */
    JobDefaults over(JobDefaults defaults) throws IOException {
        try {
            return new JobDefaults(profile == null ? defaults.profile() : Profile.load(profile),
                    topology == null ? defaults.topology() : Topology.parse(topology));
        } catch (IllegalArgumentException e) {
            throw BadInput.of(e);
        }
    }
}
