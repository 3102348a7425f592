package org.fsnbot.intake;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a series says about itself below the diff, as `git format-patch
 * --base` and b4 write it: the commit it was made on and the patch-ids of
 * patches it needs first, b4's change-id (the same for every revision of
 * a series); plus the review trailers given on the thread.
 */
public record SeriesHints(Optional<String> baseCommit, List<String> prerequisitePatchIds, List<String> trailers,
        Optional<String> changeId) {

    private static final Pattern BASE = Pattern.compile("(?m)^base-commit: *([0-9a-f]{40})\\s*$");
    private static final Pattern PREREQ = Pattern.compile("(?m)^prerequisite-patch-id: *([0-9a-f]{40})\\s*$");
    private static final Pattern CHANGE_ID = Pattern.compile("(?m)^change-id: *([0-9A-Za-z._-]{1,200})\\s*$");
    private static final Pattern TRAILER = Pattern.compile(
            "(?m)^((?:Reviewed|Acked|Tested|Reported|Suggested)-by: *[^\\n]*\\S)\\s*$");

    public SeriesHints {
        prerequisitePatchIds = List.copyOf(prerequisitePatchIds);
        trailers = List.copyOf(trailers);
    }

    /** The review trailers a message (its raw text, ISO-8859-1) gives in its own unquoted lines. */
    public static List<String> trailersIn(String rawText) {
        List<String> out = new ArrayList<>();
        Matcher t = TRAILER.matcher(rawText);
        while (t.find()) {
            out.add(t.group(1));
        }
        return out;
    }

    /**
     * Reads the series' messages (cover letter first, then the patches);
     * the first base-commit wins, prerequisites are kept in order.
     */
    public static SeriesHints of(List<byte[]> raws) {
        String base = null;
        String changeId = null;
        Set<String> prereqs = new LinkedHashSet<>();
        Set<String> trailers = new LinkedHashSet<>();
        for (byte[] raw : raws) {
            String text = new String(raw, StandardCharsets.ISO_8859_1);
            Matcher b = BASE.matcher(text);
            if (base == null && b.find()) {
                base = b.group(1);
            }
            Matcher c = CHANGE_ID.matcher(text);
            if (changeId == null && c.find()) {
                changeId = c.group(1);
            }
            Matcher p = PREREQ.matcher(text);
            while (p.find()) {
                prereqs.add(p.group(1));
            }
            trailers.addAll(trailersIn(text));
        }
        return new SeriesHints(Optional.ofNullable(base), new ArrayList<>(prereqs), new ArrayList<>(trailers),
                Optional.ofNullable(changeId));
    }
}
