package org.fsnbot.job;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.fsnbot.intake.PatchSeries;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.Profile;
import org.fsnbot.plan.Topology;
import org.fsnbot.report.ShellWords;

/** What a job measures against its base. */
public sealed interface Candidate {

    /**
     * The command lines that measure this candidate again, for the reply's
     * "Reproduce:" (base at the commit it resolved to, so the line still
     * means the same after the branch moves).
     */
    List<String> reproduce(Base base, Profile profile, Topology topology);

    /** The options every reproducer ends with. */
    private static List<String> tail(Base base, Profile profile, Topology topology) {
        List<String> words = new ArrayList<>(List.of("--tree", base.tree(), "--base", base.rev()));
        words.addAll(profile.asRun().options());
        words.addAll(List.of("--topology", topology.toString()));
        return words;
    }

    /** A patch series applied to the base; mbox is the file that holds it (named in the reproduce line). */
    record Series(PatchSeries series, Path mbox) implements Candidate {

        /** Longer ids (mail allows 995) would push the command past what a mail line may carry. */
        static final int MAX_ID_IN_COMMAND = 250;

        public Series {
            Objects.requireNonNull(series);
            Objects.requireNonNull(mbox);
        }

        /**
         * By message-id when the patch has one (fsnbot fetches it from lore,
         * b4 does the same for a reader without fsnbot), else by the mbox
         * fsnbot kept beside the job.
         */
        @Override
        public List<String> reproduce(Base base, Profile profile, Topology topology) {
            String id = series.replyTarget().messageId().replaceAll("^<|>$", "");
            if (id.length() > MAX_ID_IN_COMMAND) {
                id = "";
            }
            List<String> fsnbot = new ArrayList<>(List.of("fsnbot", "test-patch"));
            fsnbot.addAll(id.isEmpty() ? List.of("--mbox", mbox.getFileName().toString()) : List.of("--msgid", id));
            fsnbot.addAll(tail(base, profile, topology));
            if (id.isEmpty()) {
                return List.of(ShellWords.line(fsnbot));
            }
            return List.of(ShellWords.line(fsnbot), ShellWords.line(List.of("b4", "am", id)) + "   # then git am on "
                    + ShellWords.quote(base.rev()));
        }
    }

    /** Another revision of the base's tree: a watched branch's new head, #fsnbot test or compare. */
    record Revision(String head) implements Candidate {
        public Revision {
            if (head == null || head.isBlank() || head.startsWith("-")) {
                throw new IllegalArgumentException("a revision candidate needs a revision: " + head);
            }
        }

        @Override
        public List<String> reproduce(Base base, Profile profile, Topology topology) {
            List<String> words = new ArrayList<>(List.of("fsnbot", "compare", "--tree", base.tree(), base.rev(),
                    head));
            words.addAll(profile.asRun().options());
            words.addAll(List.of("--topology", topology.toString()));
            return List.of(ShellWords.line(words));
        }
    }

    /** The base itself on both sides: an A/A calibration of the runner's noise. */
    record SameKernel() implements Candidate {
        @Override
        public List<String> reproduce(Base base, Profile profile, Topology topology) {
            List<String> w = new ArrayList<>(List.of("fsnbot", "calibrate"));
            w.addAll(tail(base, profile, topology));
            return List.of(ShellWords.line(w));
        }
    }
}
