package org.fsnbot.intake;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Mails back into an mboxrd (the format git am and b4 read), bytes kept as they came. */
public final class MboxWriter {

    private MboxWriter() {
    }

    /** The series (its cover letter, prerequisites, then its patches) as an mboxrd file, the way git am takes it. */
    public static void write(Path file, PatchSeries series) throws IOException {
        List<PatchMail> all = new ArrayList<>();
        series.coverLetter().ifPresent(all::add);
        all.addAll(series.toApply());
        Files.writeString(file, mboxrd(all), StandardCharsets.ISO_8859_1);
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
