package org.fsnbot.plan;

import java.util.Collection;
import java.util.Optional;

/**
 * The known name nearest to a mistyped one, for an error that says what
 * was meant ("did you mean 'quick'?"): by edit distance, near enough only
 * within a third of the name's length (at least two edits). Written here
 * rather than taken from Commons Text: one function of thirty lines would
 * be a library's only use.
 */
public final class NearestName {

    private NearestName() {
    }

    /** The nearest of known to asked, when one is near enough; the first of equals. */
    public static Optional<String> among(String asked, Collection<String> known) {
        String best = null;
        int least = Integer.MAX_VALUE;
        for (String k : known) {
            int d = distance(asked.toLowerCase(java.util.Locale.ROOT), k.toLowerCase(java.util.Locale.ROOT));
            if (d < least) {
                least = d;
                best = k;
            }
        }
        int near = Math.max(2, asked.length() / 3);
        return best != null && least > 0 && least <= near ? Optional.of(best) : Optional.empty();
    }

    /** " (did you mean 'x'?)", or nothing when no known name is near. */
    public static String hint(String asked, Collection<String> known) {
        return among(asked, known).map(n -> " (did you mean '" + n + "'?)").orElse("");
    }

    /** Levenshtein's distance: insertions, deletions and substitutions, each one edit. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j], cur[j - 1]) + 1);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
