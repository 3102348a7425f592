package org.fsnbot.work;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import okhttp3.HttpUrl;
import org.fsnbot.intake.FsnotifyRelevance;
import org.fsnbot.intake.InboxFollower;
import org.fsnbot.intake.LoreClient;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.store.IntakeLedger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Completes series a list got only some parts of (parts are often Cc'd to
 * other lists): the whole thread is fetched from the "all" inbox as
 * t.mbox.gz and what is new is kept as if followed.
 */
public final class ThreadCompleter {

    private static final Logger log = LoggerFactory.getLogger(ThreadCompleter.class);

    private final LoreClient lore;
    private final Optional<HttpUrl> allInbox;
    private final FsnotifyRelevance relevance;
    private final IntakeLedger ledger;

    public ThreadCompleter(LoreClient lore, Optional<HttpUrl> allInbox, FsnotifyRelevance relevance,
            IntakeLedger ledger) {
        this.lore = lore;
        this.allInbox = allInbox;
        this.relevance = relevance;
        this.ledger = ledger;
    }

    /** Fetches these threads; returns the mails added. A thread that cannot be fetched is tried next time. */
    public int complete(List<String> threadRoots) {
        if (allInbox.isEmpty()) {
            return 0;
        }
        int added = 0;
        for (String root : threadRoots) {
            try {
                for (PatchMail m : lore.thread(allInbox.get(), root)) {
                    boolean rel = relevance.isFsnotifyPatch(m);
                    if (InboxFollower.worthKeeping(m, rel) && ledger.addFetched("all", m, rel)) {
                        added++;
                    }
                }
            } catch (IOException e) {
                log.warn("fetching thread {}: {} (will retry)", root, e.getMessage());
            }
        }
        if (added > 0) {
            log.info("{} mail(s) fetched from the threads of incomplete series", added);
        }
        return added;
    }
}
