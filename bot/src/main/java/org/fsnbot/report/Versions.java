package org.fsnbot.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Objects;
import java.util.Properties;

/**
 * Which fsnbot and which workloads measured: fsnbot's version and the
 * commit it was built from (with a mark when that checkout had changes),
 * and the hash of the workload sources bundled with it. Every reply, JSON
 * and export names both, so a figure can be traced to the code that made it.
 */
public record Versions(String fsnbot, String workloads) {

    public Versions {
        if (fsnbot == null || fsnbot.isBlank() || workloads == null || workloads.isBlank()) {
            throw new IllegalArgumentException("versions need fsnbot's and the workloads'");
        }
    }

    /** This build's: fsnbot's from the git.properties its build wrote, the workloads' as given. */
    public static Versions ofThisBuild(String workloads) {
        Properties p = new Properties();
        try (InputStream in = Versions.class.getResourceAsStream("/fsnbot/git.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String version = p.getProperty("git.build.version", "unknown");
        String commit = p.getProperty("git.commit.id.abbrev", "");
        String built = commit.isEmpty() ? version + " (not built from a git checkout)"
                : version + " (" + commit + (Boolean.parseBoolean(p.getProperty("git.dirty")) ? ", with uncommitted"
                        + " changes" : "") + ")";
        return new Versions(built, Objects.requireNonNull(workloads));
    }

    /** As the facts block says it. */
    public String line() {
        return fsnbot + ", workloads " + workloads;
    }
}
