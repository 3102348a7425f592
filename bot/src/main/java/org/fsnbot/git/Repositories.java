package org.fsnbot.git;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;

/** Opens a git repository given as a work tree or as a bare git directory: the one way fsnbot does it. */
public final class Repositories {

    private Repositories() {
    }

    public static Repository open(Path repo) throws IOException {
        Path gitDir = Files.isDirectory(repo.resolve(".git")) ? repo.resolve(".git") : repo;
        return new FileRepositoryBuilder().setGitDir(gitDir.toFile()).setMustExist(true).build();
    }
}
