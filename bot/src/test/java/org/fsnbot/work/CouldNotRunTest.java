package org.fsnbot.work;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import org.fsnbot.git.TreeException;
import org.fsnbot.mail.CommandReplies;
import org.fsnbot.report.CommandAnswer;
import org.fsnbot.report.ReplyRenderer;
import org.junit.jupiter.api.Test;

/** An accepted run that could not run is answered in the reply's words, never in an exception's. */
class CouldNotRunTest {

    private final ReplyRenderer renderer = new ReplyRenderer();

    private String reply(CommandReplies.CouldNotRun why) throws Exception {
        return renderer.commandAnswer(new CommandAnswer(List.of(new CommandAnswer.Item("#fsnbot test T main",
                CommandAnswer.Outcome.ERROR, "could-not-run", why.values())), false)).replaceAll("\\s+", " ");
    }

    @Test
    void whatIsWrongWithANamedTreeOrRevisionIsSaidByKindWhereverItWasWrapped() throws Exception {
        CommandReplies.CouldNotRun rev = QueueWorker.why(7, new IOException("resolving",
                new TreeException(TreeException.Kind.NO_SUCH_REVISION, "v9.9",
                        "--base v9.9: no such revision in /var/cache/fsnbot/trees/abc.git")));
        assertThat(rev.tree()).contains(TreeException.Kind.NO_SUCH_REVISION);
        assertThat(reply(rev)).contains("there is no revision v9.9 in the tree.").doesNotContain("/var/cache");
        assertThat(reply(QueueWorker.why(7, new TreeException(TreeException.Kind.UNREACHABLE,
                "https://example.org/linux.git", "cloning https://example.org/linux.git: Auth fail"))))
                .contains("the tree https://example.org/linux.git could not be cloned or fetched")
                .doesNotContain("Auth fail");
        assertThat(reply(QueueWorker.why(7, new TreeException(TreeException.Kind.OVER_TRANSFER_LIMITS,
                "https://example.org/huge.git", "fetching: over 2 GiB")))).contains("is over the limits fsnbot puts");
        assertThat(reply(QueueWorker.why(7, new TreeException(TreeException.Kind.NO_SHARED_HISTORY,
                "main and v6.12", "main and v6.12 share no history in /srv/x")))).contains("main and v6.12 share"
                        + " no history.").doesNotContain("/srv");
    }

    @Test
    void aLocalPathIsNotQuotedAndAnythingElseIsOursWithTheUnitNumberOnly() throws Exception {
        String local = reply(QueueWorker.why(7, new TreeException(TreeException.Kind.NOT_A_REPOSITORY,
                "/var/cache/fsnbot/linux-6.12", "/var/cache/fsnbot/linux-6.12 is not a git repository")));
        assertThat(local).contains("verdict: the tree is not a git repository.").doesNotContain("/var/cache");
        String ours = reply(QueueWorker.why(42, new IllegalStateException("/home/fsnbot/store broke: SQLState"
                + " 08006 at org.fsnbot.store.Store")));
        assertThat(ours).contains("fsnbot failed on its side (unit #42); its operator has the details.")
                .doesNotContain("/home", "SQLState", "org.fsnbot");
    }
}
