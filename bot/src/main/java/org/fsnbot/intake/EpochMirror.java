package org.fsnbot.intake;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.transport.RefSpec;

/**
 * A local bare copy of one remote epoch, refs/heads/master only, updated
 * with a forced fetch because public-inbox-purge rewrites history.
 */
public final class EpochMirror {

    private static final RefSpec MASTER = new RefSpec("+" + EpochReader.BRANCH + ":" + EpochReader.BRANCH);

    /** Fetches url into dir (creating it) and returns dir. */
    public Path update(String url, Path dir) throws IOException {
        try {
            if (!Files.exists(dir.resolve("HEAD"))) {
                Files.createDirectories(dir);
                Git.init().setBare(true).setDirectory(dir.toFile()).call().close();
            }
            try (Git git = Git.open(dir.toFile())) {
                git.fetch().setRemote(url).setRefSpecs(MASTER).call();
            }
            return dir;
        } catch (GitAPIException e) {
            throw new IOException("fetch " + url + ": " + e.getMessage(), e);
        }
    }
}
