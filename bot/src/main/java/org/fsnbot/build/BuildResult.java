package org.fsnbot.build;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A kernel build: the bzImage on success, or the compiler's error lines.
 * reused means the image came from the cache without running make.
 */
public record BuildResult(String label, String commit, boolean ok, Optional<Path> bzImage, double seconds,
        int objectsCompiled, boolean reused, List<String> errorLines, Path log) {

    public static final int MAX_ERROR_LINES = 40;

    public BuildResult {
        errorLines = List.copyOf(errorLines);
        if (errorLines.size() > MAX_ERROR_LINES) {
            throw new IllegalArgumentException("at most " + MAX_ERROR_LINES + " error lines");
        }
        if (ok != bzImage.isPresent()) {
            throw new IllegalArgumentException("a successful build has an image, a failed one has none");
        }
    }
}
