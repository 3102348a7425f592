package org.fsnbot.mail;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.fsnbot.git.TreeException;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.report.CommandAnswer;
import org.fsnbot.report.ReplyRenderer;

/**
 * Answers to #fsnbot commands, in the thread of the mail that gave them,
 * through the same outbox and delivery as job replies. Answering a command
 * needs no job: this is all of it.
 */
public final class CommandReplies {

    private final ReplyRenderer renderer;
    private final ReplyComposer composer;
    private final Delivery delivery;

    public CommandReplies(ReplyRenderer renderer, ReplyComposer composer, Delivery delivery) {
        this.renderer = renderer;
        this.composer = composer;
        this.delivery = delivery;
    }

    /**
     * Answers a mail's commands in its thread: to the authenticated sender
     * and the lists, or to the lists only; empty when there is nobody it
     * may go to (a stranger's mail to no list of ours).
     */
    public Optional<Path> answer(PatchMail to, CommandAnswer answer, ReplyKind kind,
            Optional<String> authenticatedSender) throws IOException {
        Optional<Reply> reply = composer.composeAnswer(to, renderer.commandAnswer(answer), authenticatedSender);
        if (reply.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(delivery.post(null, reply.get(), kind, Delivery.Audience.ASKED));
    }

    /**
     * Tells whoever asked for a run that it could not be made (no verdict,
     * and why). Only authenticated people's commands are ever run, so the
     * answer goes to the command mail's sender and its lists.
     */
    public Optional<Path> couldNotRun(PatchMail to, String commandLine, CouldNotRun why) throws IOException {
        return answer(to, new CommandAnswer(List.of(new CommandAnswer.Item(commandLine, CommandAnswer.Outcome.ERROR,
                "could-not-run", why.values())), false),
                ReplyKind.COMMAND_FAILED, Optional.of(to.authorAddress()));
    }

    /**
     * Why an accepted run could not be made, as its reply says it
     * (templates/command/could-not-run.peb): what is wrong with the tree or
     * revision named (named: as the asker gave it, empty for a local
     * path), or, with no tree kind, a failure of ours, by unit number.
     */
    public record CouldNotRun(Optional<TreeException.Kind> tree, String named, long unit) {
        public CouldNotRun {
            Objects.requireNonNull(tree);
            Objects.requireNonNull(named);
        }

        public static CouldNotRun tree(TreeException.Kind kind, String named, long unit) {
            return new CouldNotRun(Optional.of(kind), named, unit);
        }

        public static CouldNotRun ours(long unit) {
            return new CouldNotRun(Optional.empty(), "", unit);
        }

        /** What templates/command/could-not-run.peb reads. */
        public Map<String, Object> values() {
            return Map.of("tree", tree.map(Enum::name).orElse(""), "named", named, "unit", unit);
        }
    }
}
