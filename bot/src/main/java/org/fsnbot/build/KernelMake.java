package org.fsnbot.build;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.Leftovers;
import org.fsnbot.exec.LimitHit;
import org.fsnbot.exec.Sandbox;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One kernel build in a prepared object directory: configure, make in the
 * sandbox, copy the kernel back (Leftovers), and record the build in its
 * directory (log, object count, trusted mark, and last the commit built).
 */
final class KernelMake {

    private static final Logger log = LoggerFactory.getLogger(KernelMake.class);
    // Kernel objects only: host tools (objtool) print absolute paths and are
    // rebuilt in every copied object directory because their dependency
    // files name the original one.
    private static final Pattern COMPILE = Pattern.compile("^\\s+CC\\s+[^/\\s]\\S*");
    // Cannot fork / Resource temporarily unavailable: the build hit the
    // sandbox's process limit, which the reply should say in its words.
    private static final Pattern ERROR = Pattern.compile(
            "(error:|Error \\d+|undefined reference|fatal error|\\*\\*\\* |Cannot fork|Resource temporarily unavailable"
                    + "|\\[fsnbot: stopped)");
    /** Where Kbuild leaves the kernel, in the object directory. */
    static final String IMAGE = "arch/x86/boot/bzImage";
    /** A bzImage of a tinyconfig kernel is 1-2 MiB; a distribution kernel's ~15 MiB. */
    static final long MAX_IMAGE_BYTES = 64L << 20;

    private final Sandbox sandbox;
    private final Leftovers leftovers;
    private final KernelConfigurer configurer;
    /** One job more than CPUs keeps them busy while a job waits on the disk: -j3 took 384 s here, -j2 424 s. */
    private final int jobs = Runtime.getRuntime().availableProcessors() + 1;

    KernelMake(Sandbox sandbox) {
        this.sandbox = sandbox;
        this.leftovers = new Leftovers(sandbox);
        this.configurer = new KernelConfigurer(sandbox);
    }

    /**
     * A build's progress line: objects compiled against the total the last
     * build of the configuration compiled, the time so far and, at the pace
     * so far, the time left; a first build has no total to go by.
     */
    static String progress(int compiled, int expected, double seconds) {
        String so = minSec(Math.round(seconds));
        if (expected <= 0) {
            return compiled + " objects in " + so + " (the first build of this configuration: no total yet)";
        }
        if (compiled >= expected) {
            return compiled + " objects in " + so + " (more than the last build's " + expected + ")";
        }
        long left = Math.round(seconds / compiled * (expected - compiled));
        return compiled + " of about " + expected + " objects in " + so + ", about "
                + minSec(left) + " left";
    }

    /** As the boots' progress says a time: "4 min 05 s". */
    private static String minSec(long secs) {
        return String.format(Locale.ROOT, "%d min %02d s", secs / 60, secs % 60);
    }

    /** Configures and makes in the step's obj/, copies the kernel back, and records the build in its directory. */
    BuildResult build(String label, String commit, BuildDir d, KernelBuilder.Code code, BuildStep step,
            KernelConfig config) throws IOException {
        long start = System.nanoTime();
        int expected = d.objectCount() > 0 ? d.objectCount()
                : BuildDir.countOfAnother(d.dir().getParent().getParent(), config.hash());
        List<String> configErrors = configurer.configure(step, d, config);
        if (!configErrors.isEmpty()) {
            Files.write(d.log(), configErrors, StandardCharsets.UTF_8);
            return failed(label, commit, d, start, 0, configErrors, List.of());
        }
        List<String> make = new ArrayList<>(List.of("make", "-C", step.checkout().toString(), "-j" + jobs,
                "O=" + step.obj(), "bzImage"));
        if (step.ccache().isPresent()) {
            make.add("CC=ccache gcc");
        }
        log.info("building {} kernel {} in {}", label, commit.substring(0, 12), step.obj());
        int[] compiled = {0};
        CommandResult r = sandbox.run(step.of(make, Duration.ofMinutes(60)), line -> {
            if (COMPILE.matcher(line).find()) {
                compiled[0]++;
                if (compiled[0] % 200 == 0) {
                    log.info("{}: {}", label, progress(compiled[0], expected, (System.nanoTime() - start) / 1e9));
                }
            }
        });
        Files.write(d.log(), r.output(), StandardCharsets.UTF_8);
        double secs = (System.nanoTime() - start) / 1e9;
        log.info("{}: make {} after {} s, {} kernel objects compiled", label, r.ok() ? "done" : "FAILED",
                String.format(Locale.ROOT, "%.1f", secs), compiled[0]);
        // A build a limit struck is no build: a process killed half-way can leave objects make trusts.
        if (!r.ok() || !r.limitsHit().isEmpty()) {
            List<String> errors = r.timedOut() ? List.of("make timed out after " + Duration.ofMinutes(60))
                    : errorLines(r.output());
            return failed(label, commit, d, start, compiled[0], errors, r.limitsHit());
        }
        Leftovers.Copied image = leftovers.copy(step.obj(), IMAGE, d.image(), MAX_IMAGE_BYTES,
                Leftovers.End.HEAD);
        if (image.found() != Leftovers.Found.FILE || image.cut()) {
            Files.deleteIfExists(d.image());
            String what = image.cut() ? "is over " + (MAX_IMAGE_BYTES >> 20) + " MiB"
                    : image.found() == Leftovers.Found.MISSING ? "is missing"
                    : "is not a regular file (a link, FIFO, device or directory)";
            return failed(label, commit, d, start, compiled[0], List.of("make succeeded, but " + IMAGE + " " + what
                    + ": no kernel to boot"), r.limitsHit());
        }
        Files.writeString(d.objects(), Integer.toString(Math.max(compiled[0], expected)));
        if (code == KernelBuilder.Code.TRUSTED) {
            Files.writeString(d.trusted(), "");
        }
        Files.writeString(d.built(), commit + "\n");
        return BuildResult.built(label, commit, d.image(), new BuildResult.Cost(secs, compiled[0], false), d.log());
    }

    private static BuildResult failed(String label, String commit, BuildDir d, long start, int compiled,
            List<String> errors, List<LimitHit> limits) {
        return BuildResult.failed(label, commit, new BuildResult.Cost((System.nanoTime() - start) / 1e9, compiled,
                false), errors, d.log(), limits);
    }

    static List<String> errorLines(List<String> output) {
        List<String> errors = new ArrayList<>();
        for (String line : output) {
            if (ERROR.matcher(line).find() && errors.size() < BuildResult.MAX_ERROR_LINES) {
                errors.add(line);
            }
        }
        if (errors.isEmpty()) {
            int from = Math.max(0, output.size() - 20);
            errors.addAll(output.subList(from, output.size()));
        }
        return errors;
    }
}
