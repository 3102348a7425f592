package org.fsnbot.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.CommandRunner;

/** git as the end-to-end tests run it to make commits without a work tree: asserted to succeed, output stripped. */
public final class GitCli {

    private static final CommandRunner RUN = new CommandRunner();

    private GitCli() {
    }

    public static String git(Path dir, Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("git"));
        cmd.addAll(List.of(args));
        CommandResult r = RUN.run(cmd, dir, env, Duration.ofMinutes(5), line -> { });
        assertThat(r.ok()).as("%s: %s", cmd, r.outputText()).isTrue();
        return r.outputText().strip();
    }

    /** The environment of a commit made by name at date, staged in its own index file inside repo. */
    public static Map<String, String> committing(Path repo, String index, String name, String email, String date) {
        return Map.of("GIT_INDEX_FILE", repo.resolve(index).toString(),
                "GIT_AUTHOR_NAME", name, "GIT_AUTHOR_EMAIL", email, "GIT_COMMITTER_NAME", "t",
                "GIT_COMMITTER_EMAIL", "t@t", "GIT_AUTHOR_DATE", date, "GIT_COMMITTER_DATE", date);
    }
}
