package org.fsnbot.build;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A kernel build: the bzImage on success, or the compiler's error lines;
 * what it cost; and where its full log is.
 */
public record BuildResult(String label, String commit, Optional<Path> bzImage, Cost cost, List<String> errorLines,
        Path log) {

    public static final int MAX_ERROR_LINES = 40;

    /** Seconds of make, kernel objects compiled, and whether the image came from the cache without make. */
    public record Cost(double seconds, int objectsCompiled, boolean reused) {
        public static final Cost REUSED = new Cost(0, 0, true);
    }

    public BuildResult {
        errorLines = List.copyOf(errorLines);
        if (errorLines.size() > MAX_ERROR_LINES) {
            throw new IllegalArgumentException("at most " + MAX_ERROR_LINES + " error lines");
        }
        if (bzImage.isPresent() && !errorLines.isEmpty()) {
            throw new IllegalArgumentException("a successful build has an image and no errors");
        }
    }

    public static BuildResult built(String label, String commit, Path bzImage, Cost cost, Path log) {
        return new BuildResult(label, commit, Optional.of(bzImage), cost, List.of(), log);
    }

    public static BuildResult failed(String label, String commit, Cost cost, List<String> errors, Path log) {
        return new BuildResult(label, commit, Optional.empty(), cost, errors, log);
    }

    public boolean ok() {
        return bzImage.isPresent();
    }
}
