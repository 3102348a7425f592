package org.fsnbot.intake;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.TimeZone;
import org.eclipse.jgit.lib.CommitBuilder;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.TreeFormatter;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;

/**
 * Appends messages to a public-inbox v2 epoch in its own layout (one
 * commit per message, the message as blob `m`). For benchmarks that need
 * an inbox larger than the fixtures; public-inbox itself writes real
 * inboxes in the tests.
 */
public final class EpochWriter implements AutoCloseable {

    private final Repository repo;
    private final ObjectInserter ins;
    private ObjectId head;
    private final PersonIdent who = new PersonIdent("fsnbot bench", "bench@fsnbot.localhost",
            Instant.parse("2026-01-01T00:00:00Z"), TimeZone.getTimeZone("UTC").toZoneId());

    public EpochWriter(Path gitDir) throws IOException {
        Files.createDirectories(gitDir);
        repo = new FileRepositoryBuilder().setGitDir(gitDir.toFile()).setBare().build();
        if (!Files.exists(gitDir.resolve("HEAD"))) {
            repo.create(true);
        }
        head = repo.resolve(EpochReader.BRANCH);
        // One pack instead of three loose objects per message.
        ins = ((org.eclipse.jgit.internal.storage.file.ObjectDirectory) repo.getObjectDatabase()).newPackInserter();
    }

    public String append(byte[] message) throws IOException {
        TreeFormatter tree = new TreeFormatter();
        tree.append("m", FileMode.REGULAR_FILE, ins.insert(Constants.OBJ_BLOB, message));
        CommitBuilder c = new CommitBuilder();
        c.setTreeId(ins.insert(tree));
        if (head != null) {
            c.setParentId(head);
        }
        c.setAuthor(who);
        c.setCommitter(who);
        c.setMessage("m\n");
        head = ins.insert(c);
        return head.getName();
    }

    @Override
    public void close() throws IOException {
        ins.flush();
        if (head != null) {
            RefUpdate u = repo.updateRef(EpochReader.BRANCH);
            u.setNewObjectId(head);
            u.setForceUpdate(true);
            RefUpdate.Result r = u.update();
            if (r != RefUpdate.Result.NEW && r != RefUpdate.Result.FORCED && r != RefUpdate.Result.FAST_FORWARD
                    && r != RefUpdate.Result.NO_CHANGE) {
                throw new IOException("cannot update " + EpochReader.BRANCH + ": " + r);
            }
        }
        ins.close();
        repo.close();
    }
}
