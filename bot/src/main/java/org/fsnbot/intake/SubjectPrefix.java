package org.fsnbot.intake;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a patch subject's bracketed prefix says, the way b4 reads it:
 * "[PATCH v3 2/5]", "[RFC PATCH 0/3]", "[PATCH RESEND]", "[PATCHv2 1/2]",
 * "[PATCH 6.6 79/84]" (a stable review, whose "6.6" is a tree, not a
 * revision). A reply ("Re: [PATCH ...]") is not a patch.
 */
public record SubjectPrefix(String title, int revision, boolean revisionGiven, int part, int total, Set<Tag> tags,
        Optional<String> stable) {

    /** The words of the prefix that matter. */
    public enum Tag { PATCH, RFC, RESEND }

    private static final Pattern BRACKETS = Pattern.compile("^(?:(?:re|fwd?|aw):\\s*)*((?:\\[[^\\]]*\\]\\s*)+)(.*)$",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern REVISION = Pattern.compile("(?i)(?:^|\\s|patch)v(\\d+)\\b");
    private static final Pattern PART = Pattern.compile("\\b(\\d+)/(\\d+)\\b");
    /** A stable review's tree in the prefix: "6.12", "5.15.y" (as Greg's review series name it). */
    private static final Pattern STABLE = Pattern.compile("(?:^|[\\s\\[])(\\d+\\.\\d+)(?:\\.y)?(?=[\\s\\]])");

    public SubjectPrefix {
        if (revision < 1 || part < 0 || total < 1 || part > total) {
            throw new IllegalArgumentException("bad prefix numbers: v" + revision + " " + part + "/" + total);
        }
        tags = tags.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(tags));
        Objects.requireNonNull(stable);
    }

    public SubjectPrefix(String title, int revision, boolean revisionGiven, int part, int total, Set<Tag> tags) {
        this(title, revision, revisionGiven, part, total, tags, Optional.empty());
    }

    public boolean isPatch() {
        return tags.contains(Tag.PATCH);
    }

    public boolean rfc() {
        return tags.contains(Tag.RFC);
    }

    public boolean resend() {
        return tags.contains(Tag.RESEND);
    }

    /** The same prefix at another revision: the one the thread implies when the subject names none. */
    public SubjectPrefix atRevision(int r) {
        return new SubjectPrefix(title, r, true, part, total, tags, stable);
    }

    public static SubjectPrefix parse(String subject) {
        String s = subject.replaceAll("\\s+", " ").trim();
        boolean reply = s.toLowerCase(Locale.ROOT).startsWith("re:");
        Matcher m = BRACKETS.matcher(s);
        if (!m.matches()) {
            return new SubjectPrefix(s.replaceFirst("(?i)^(re:\\s*)+", ""), 1, false, 1, 1, Set.of());
        }
        String words = m.group(1).toUpperCase(Locale.ROOT);
        Set<Tag> tags = EnumSet.noneOf(Tag.class);
        if (!reply && words.contains("PATCH")) {
            tags.add(Tag.PATCH);
        }
        if (words.contains("RFC")) {
            tags.add(Tag.RFC);
        }
        if (words.contains("RESEND")) {
            tags.add(Tag.RESEND);
        }
        Matcher r = REVISION.matcher(words.toLowerCase(Locale.ROOT));
        boolean given = r.find();
        int revision = given ? Integer.parseInt(r.group(1)) : 1;
        Matcher p = PART.matcher(words);
        int part = 1;
        int total = 1;
        if (p.find()) {
            part = Integer.parseInt(p.group(1));
            total = Math.max(1, Integer.parseInt(p.group(2)));
            part = Math.min(part, total);
        }
        Matcher st = STABLE.matcher(m.group(1));
        Optional<String> stable = tags.contains(Tag.PATCH) && st.find() ? Optional.of(st.group(1)) : Optional.empty();
        return new SubjectPrefix(m.group(2).trim(), Math.max(1, revision), given, part, total, tags, stable);
    }
}
