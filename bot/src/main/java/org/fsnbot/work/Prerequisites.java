package org.fsnbot.work;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.fsnbot.intake.MalformedMailException;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchIds;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.intake.SeriesHints;
import org.fsnbot.store.IntakeLedger;
import org.fsnbot.store.PatchState;

/**
 * Finds the patches a series' prerequisite-patch-id lines name among the
 * patch mails fsnbot has kept, by `git patch-id --stable`.
 */
public final class Prerequisites {

    private final IntakeLedger ledger;
    private final MboxReader parser;
    private final PatchIds patchIds;

    public Prerequisites(IntakeLedger ledger, MboxReader parser, PatchIds patchIds) {
        this.ledger = ledger;
        this.parser = parser;
        this.patchIds = patchIds;
    }

    /** The prerequisite patches' Message-IDs in the order named, or empty when one is not known. */
    public Optional<List<String>> of(SeriesHints hints) throws IOException {
        if (hints.prerequisitePatchIds().isEmpty()) {
            return Optional.of(List.of());
        }
        List<String> known = new ArrayList<>();
        for (PatchState state : PatchState.values()) {
            for (IntakeLedger.StoredPatch p : ledger.patches(state)) {
                if (p.mail().hasDiff()) {
                    known.add(p.mail().messageId());
                }
            }
        }
        List<PatchMail> withRaw = new ArrayList<>();
        for (byte[] raw : ledger.raw(known)) {
            try {
                withRaw.add(parser.parse(raw));
            } catch (MalformedMailException e) {
                // It parsed when it was stored; a stored mail that no longer parses is skipped.
            }
        }
        Map<String, String> byPatchId = new HashMap<>();
        patchIds.of(withRaw).forEach((mid, pid) -> byPatchId.putIfAbsent(pid, mid));
        List<String> out = new ArrayList<>();
        for (String pid : hints.prerequisitePatchIds()) {
            String mid = byPatchId.get(pid);
            if (mid == null) {
                return Optional.empty();
            }
            out.add(mid);
        }
        return Optional.of(out);
    }
}
