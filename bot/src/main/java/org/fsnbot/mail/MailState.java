package org.fsnbot.mail;

import java.util.Arrays;
import java.util.Locale;

/**
 * Where an outgoing mail stands. written: dry-run, .eml only. quiet:
 * found nothing nobody asked for. opted-out: its author wants no mail.
 * pending -> sending -> sent, or failed after two interrupted attempts.
 */
public enum MailState {
    WRITTEN, QUIET, OPTED_OUT, PENDING, SENDING, SENT, FAILED;

    /** The name kept in the store ("opted-out"). */
    public String stored() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static MailState ofStored(String s) {
        return Arrays.stream(values()).filter(v -> v.stored().equals(s)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown mail state " + s));
    }
}
