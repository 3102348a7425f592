package org.fsnbot.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.fsnbot.intake.MalformedMailException;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.pipeline.PatchTestOutcome;
import org.fsnbot.pipeline.PatchTestPipeline;
import org.fsnbot.pipeline.PatchTestRequest;
import org.fsnbot.pipeline.StandardStages;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** `fsnbot test-patch`: one patch (or series) against one base, reply to the outbox. */
@Command(name = "test-patch", mixinStandardHelpOptions = true,
        description = "Apply an mbox to a base, build and boot both kernels, compare, write the reply.")
public final class TestPatchCommand implements Callable<Integer> {

    static final int EXIT_BAD_INPUT = 2;

    @Option(names = "--tree", required = true, description = "Kernel git tree: a local path or a git URL.")
    String tree;

    @Option(names = "--base", required = true, description = "Base revision (commit, tag or branch).")
    String base;

    @Option(names = "--mbox", required = true, description = "The patch mail(s): mbox or a single RFC 822 message.")
    Path mbox;

    @Option(names = "--profile", defaultValue = "quick", description = "Workload profile name or JSON file (default: ${DEFAULT-VALUE}).")
    String profile;

    @Option(names = "--topology", defaultValue = "sockets=2,cores=1,nodes=2",
            description = "Guest topology: sockets=N,cores=N,threads=N,nodes=N,mem=NM (default: ${DEFAULT-VALUE}).")
    String topology;

    @Option(names = "--outbox", description = "Directory for the reply .eml (default: <home>/outbox).")
    Path outbox;

    @Option(names = "--home", description = "fsnbot's cache and state directory (default: $FSNBOT_HOME or ~/.cache/fsnbot).")
    Path home;

    @Option(names = "--from", defaultValue = "fsnbot <fsnbot@fsnbot.localhost>", description = "Our From address (default: ${DEFAULT-VALUE}).")
    String from;

    @Option(names = "--print", description = "Also print the reply body on stdout.")
    boolean print;

    @Override
    public Integer call() throws Exception {
        PrintStream err = System.err;
        Path root = home != null ? home : defaultHome();
        Path out = outbox != null ? outbox : root.resolve("outbox");
        PatchTestRequest req;
        try {
            if (!Files.isRegularFile(mbox)) {
                err.println("fsnbot: --mbox " + mbox + ": no such file");
                return EXIT_BAD_INPUT;
            }
            req = new PatchTestRequest(tree, base, mbox, Profile.load(profile), Topology.parse(topology));
            new MboxReader().readSeries(mbox);
        } catch (IllegalArgumentException | MalformedMailException e) {
            err.println("fsnbot: " + e.getMessage());
            return EXIT_BAD_INPUT;
        }
        Files.createDirectories(root);
        PatchTestPipeline.Stages stages = StandardStages.create(root, out, from, err);
        PatchTestOutcome o = new PatchTestPipeline(stages, root, err).run(req);
        if (print) {
            System.out.print(Files.readString(o.eml()));
        }
        err.println("fsnbot: " + o.kind() + o.verdict().map(v -> ": " + v.text()).orElse("") + " -> " + o.eml());
        return 0;
    }

    static Path defaultHome() {
        String env = System.getenv("FSNBOT_HOME");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        return Path.of(System.getProperty("user.home"), ".cache", "fsnbot");
    }
}
