package org.fsnbot.bisect;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fsnbot.intake.MaintainersFile;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.intake.MaintainersPatterns;
import org.fsnbot.mail.Delivery;
import org.fsnbot.mail.ReplyComposer;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.report.ReplyRenderer;

/**
 * A bisection's mail, as 0-day sends its own: a thread of its own, To the
 * culprit's author, Cc the M: and R: people and the L: lists of the
 * FSNOTIFY, FANOTIFY and INOTIFY entries of MAINTAINERS at the bad end;
 * without a culprit, to the maintainers and lists only. The usual
 * etiquette applies (neverCc, the recipient cap); in dry-run mode it stays
 * in the outbox. A bisection a command asked for answers the command mail.
 */
public final class BisectMail {

    private final ReplyRenderer renderer;
    private final ReplyComposer composer;
    private final Delivery delivery;

    public BisectMail(ReplyRenderer renderer, ReplyComposer composer, Delivery delivery) {
        this.renderer = renderer;
        this.composer = composer;
        this.delivery = delivery;
    }

    /** Posts outcome's report in a thread of its own; returns the .eml written. */
    public Path post(Bisector.Outcome outcome, Path repo) throws IOException {
        List<String> people = maintainers(outcome, repo);
        List<String> to = outcome.author().map(List::of).orElse(List.of());
        var reply = composer.composeNew(to.isEmpty() ? people : to, to.isEmpty() ? List.of() : people,
                renderer.bisectSubject(outcome.report()), renderer.bisect(outcome.report()));
        return delivery.post(null, reply, ReplyKind.BISECT, Delivery.Audience.ASKED);
    }

    /**
     * Answers the command mail that asked for the bisection: To its
     * sender, Cc its lists and people, the culprit's author and the
     * maintainers.
     */
    public Path answer(Bisector.Outcome outcome, Path repo, PatchMail command) throws IOException {
        List<String> cc = new ArrayList<>();
        outcome.author().ifPresent(cc::add);
        cc.addAll(maintainers(outcome, repo));
        var reply = composer.compose(command, cc, renderer.bisect(outcome.report()));
        return delivery.post(null, reply, ReplyKind.BISECT, Delivery.Audience.ASKED);
    }

    /** The M:, R: and L: addresses of fsnotify's entries in MAINTAINERS at the bad end. */
    private static List<String> maintainers(Bisector.Outcome outcome, Path repo) throws IOException {
        String maintainers = MaintainersFile.read(repo, outcome.commits().get(outcome.commits().size() - 1));
        List<String> people = new ArrayList<>();
        for (char letter : new char[] {'M', 'R', 'L'}) {
            for (String v : MaintainersFile.fields(maintainers, MaintainersPatterns.FSNOTIFY_ENTRIES, letter)) {
                people.add(v.replaceAll("\\s*\\(.*\\)\\s*$", "").trim());
            }
        }
        return people;
    }
}
