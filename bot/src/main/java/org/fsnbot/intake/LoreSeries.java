package org.fsnbot.intake;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import okhttp3.HttpUrl;

/**
 * A series fetched by one of its message-ids, as `b4 am <msgid>` does:
 * the thread from lore's "all" inbox, assembled, and the newest complete
 * revision that holds the message. A message that is one part of a series
 * lore does not have whole (a stable review series of 184 patches sent to
 * a list that took three) is taken alone, and the caller is told.
 */
public final class LoreSeries {

    /** The series found, and whether it is one part of an incomplete series taken alone. */
    public record Found(PatchSeries series, boolean partAlone) {
    }

    private final LoreClient lore;
    private final HttpUrl allInbox;

    public LoreSeries(LoreClient lore, HttpUrl allInbox) {
        this.lore = lore;
        this.allInbox = allInbox;
    }

    /** The series of messageId ("<id>"), or empty when lore has no patch under that id. */
    public Optional<Found> fetch(String messageId) throws IOException {
        List<PatchMail> thread = lore.thread(allInbox, messageId);
        Optional<SeriesAssembler.Candidate> holding = new SeriesAssembler().assemble(thread).stream()
                .filter(c -> c.cover().map(m -> m.messageId().equals(messageId)).orElse(false)
                        || c.parts().values().stream().anyMatch(m -> m.messageId().equals(messageId)))
                .reduce((a, b) -> b);
        if (holding.isPresent() && holding.get().complete()) {
            return Optional.of(new Found(holding.get().series(), false));
        }
        return thread.stream().filter(m -> m.messageId().equals(messageId) && m.hasDiff()).findFirst()
                .map(m -> new Found(new PatchSeries(Optional.empty(), List.of(m)), holding.isPresent()));
    }
}
