package org.fsnbot.build;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.fsnbot.exec.LimitHit;

/**
 * A kernel build: the bzImage on success, or the compiler's error lines
 * and the limits the build ran into; what it cost; and where its log is.
 */
public record BuildResult(String label, String commit, Optional<Path> bzImage, Cost cost, List<String> errorLines,
        Path log, List<LimitHit> limitsHit) {

    public static final int MAX_ERROR_LINES = 40;

    /** Seconds of make, kernel objects compiled, and whether the image came from the cache without make. */
    public record Cost(double seconds, int objectsCompiled, boolean reused) {
        public static final Cost REUSED = new Cost(0, 0, true);
    }

    public BuildResult {
        errorLines = List.copyOf(errorLines);
        limitsHit = List.copyOf(limitsHit);
        if (errorLines.size() > MAX_ERROR_LINES) {
            throw new IllegalArgumentException("at most " + MAX_ERROR_LINES + " error lines");
        }
        if (bzImage.isPresent() && !errorLines.isEmpty()) {
            throw new IllegalArgumentException("a successful build has an image and no errors");
        }
    }

    public static BuildResult built(String label, String commit, Path bzImage, Cost cost, Path log) {
        return new BuildResult(label, commit, Optional.of(bzImage), cost, List.of(), log, List.of());
    }

    public static BuildResult failed(String label, String commit, Cost cost, List<String> errors, Path log) {
        return failed(label, commit, cost, errors, log, List.of());
    }

    /** A build that failed: its error lines, and the sandbox's limits it ran into (memory, processes, output). */
    public static BuildResult failed(String label, String commit, Cost cost, List<String> errors, Path log,
            List<LimitHit> limitsHit) {
        return new BuildResult(label, commit, Optional.empty(), cost, errors, log, limitsHit);
    }

    public boolean ok() {
        return bzImage.isPresent();
    }
}
