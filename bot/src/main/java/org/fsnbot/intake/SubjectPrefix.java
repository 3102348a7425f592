package org.fsnbot.intake;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a patch subject's bracketed prefix says, the way b4 reads it:
 * "[PATCH v3 2/5]", "[RFC PATCH 0/3]", "[PATCH RESEND]", "[PATCHv2 1/2]",
 * "[PATCH 6.6 79/84]" (a stable review, whose "6.6" is a tree, not a
 * revision).
 */
public record SubjectPrefix(boolean isPatch, int revision, boolean revisionGiven, int part, int total, boolean rfc,
        boolean resend, String title) {

    private static final Pattern BRACKETS = Pattern.compile("^(?:(?:re|fwd?|aw):\\s*)*((?:\\[[^\\]]*\\]\\s*)+)(.*)$",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern REVISION = Pattern.compile("(?i)(?:^|\\s|patch)v(\\d+)\\b");
    private static final Pattern PART = Pattern.compile("\\b(\\d+)/(\\d+)\\b");

    public SubjectPrefix {
        if (revision < 1 || part < 0 || total < 1 || part > total) {
            throw new IllegalArgumentException("bad prefix numbers: v" + revision + " " + part + "/" + total);
        }
    }

    /** The same prefix at another revision: the one the thread implies when the subject names none. */
    public SubjectPrefix atRevision(int r) {
        return new SubjectPrefix(isPatch, r, true, part, total, rfc, resend, title);
    }

    public static SubjectPrefix parse(String subject) {
        String s = subject.replaceAll("\\s+", " ").trim();
        boolean reply = s.toLowerCase(Locale.ROOT).startsWith("re:");
        Matcher m = BRACKETS.matcher(s);
        if (!m.matches()) {
            return new SubjectPrefix(false, 1, false, 1, 1, false, false, s.replaceFirst("(?i)^(re:\\s*)+", ""));
        }
        String tags = m.group(1).toUpperCase(Locale.ROOT);
        boolean patch = !reply && tags.contains("PATCH");
        Matcher r = REVISION.matcher(tags.toLowerCase(Locale.ROOT));
        boolean given = r.find();
        int revision = given ? Integer.parseInt(r.group(1)) : 1;
        Matcher p = PART.matcher(tags);
        int part = 1;
        int total = 1;
        if (p.find()) {
            part = Integer.parseInt(p.group(1));
            total = Math.max(1, Integer.parseInt(p.group(2)));
            part = Math.min(part, total);
        }
        return new SubjectPrefix(patch, Math.max(1, revision), given, part, total, tags.contains("RFC"),
                tags.contains("RESEND"), m.group(2).trim());
    }
}
