package org.fsnbot.intake;

import java.util.List;
import java.util.Optional;

/**
 * The patches of one revision of one thread, in order, and the message a
 * reply belongs under (the cover letter when there is one, else patch 1).
 */
public record PatchSeries(Optional<PatchMail> coverLetter, List<PatchMail> patches) {

    public PatchSeries {
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

    public PatchMail replyTarget() {
        return coverLetter.orElse(patches.get(0));
    }
}
