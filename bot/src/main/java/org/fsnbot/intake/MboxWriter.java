package org.fsnbot.intake;

import java.nio.charset.StandardCharsets;
import java.util.List;

/** Mails back into an mboxrd (the format git am and b4 read), bytes kept as they came. */
public final class MboxWriter {

    private MboxWriter() {
    }

    public static String mboxrd(List<PatchMail> mails) {
        StringBuilder sb = new StringBuilder();
        for (PatchMail m : mails) {
            String raw = new String(m.raw(), StandardCharsets.ISO_8859_1);
            sb.append("From mboxrd@z Thu Jan  1 00:00:00 1970\n").append(raw.replaceAll("(?m)^(>*From )", ">$1"));
            if (!raw.endsWith("\n")) {
                sb.append('\n');
            }
        }
        return sb.toString();
    }
}
