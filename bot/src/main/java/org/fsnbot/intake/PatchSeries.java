package org.fsnbot.intake;

import java.util.List;
import java.util.Optional;

/**
 * The patches of one revision of one thread, in order, the patches its
 * prerequisite-patch-id lines named (applied first, not replied to), the
 * review trailers given for it, and the message a reply belongs under (the
 * cover letter when there is one, else patch 1).
 */
public record PatchSeries(Optional<PatchMail> coverLetter, List<PatchMail> prerequisites, List<PatchMail> patches,
        List<String> trailers) {

    public PatchSeries(Optional<PatchMail> coverLetter, List<PatchMail> patches) {
        this(coverLetter, List.of(), patches, List.of());
    }

    public PatchSeries {
        trailers = List.copyOf(trailers);
        prerequisites = List.copyOf(prerequisites);
        patches = List.copyOf(patches);
        if (patches.isEmpty()) {
            throw new IllegalArgumentException("a series needs at least one patch");
        }
        for (PatchMail p : patches) {
            if (!p.hasDiff()) {
                throw new IllegalArgumentException("not a patch (no diff): " + p.messageId());
            }
        }
    }

    /** What git am applies: the prerequisites, then the series. */
    public List<PatchMail> toApply() {
        List<PatchMail> all = new java.util.ArrayList<>(prerequisites);
        all.addAll(patches);
        return all;
    }

    public PatchMail replyTarget() {
        return coverLetter.orElse(patches.get(0));
    }
}
