package org.fsnbot.intake;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import org.eclipse.jgit.api.FetchCommand;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.transport.RefSpec;
import org.fsnbot.git.TransferLimits;

/**
 * A local bare copy of one remote epoch, refs/heads/master only, updated
 * with a forced fetch because public-inbox-purge rewrites history.
 */
public final class EpochMirror {

    private static final RefSpec MASTER = new RefSpec("+" + EpochReader.BRANCH + ":" + EpochReader.BRANCH);

    private final TransferLimits limits;
    private final Clock clock;

    public EpochMirror() {
        this(TransferLimits.DEFAULT, Clock.systemUTC());
    }

    public EpochMirror(TransferLimits limits, Clock clock) {
        this.limits = limits;
        this.clock = clock;
    }

    /** Fetches url into dir (creating it) and returns dir. */
    public Path update(String url, Path dir) throws IOException {
        TransferLimits.Watch watch = null;
        try {
            if (!Files.exists(dir.resolve("HEAD"))) {
                Files.createDirectories(dir);
                Git.init().setBare(true).setDirectory(dir.toFile()).call().close();
            }
            try (Git git = Git.open(dir.toFile())) {
                FetchCommand fetch = git.fetch().setRemote(url).setRefSpecs(MASTER);
                watch = limits.limit(fetch, dir, clock);
                fetch.call();
                watch.verify();
            }
            return dir;
        } catch (GitAPIException e) {
            String why = watch == null ? e.getMessage() : watch.over().orElse(e.getMessage());
            throw new IOException("fetch " + url + ": " + why, e);
        }
    }
}
