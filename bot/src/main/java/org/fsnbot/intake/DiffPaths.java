package org.fsnbot.intake;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The file paths a patch mail's own diff touches: from its `diff --git`
 * headers (git format-patch) and from plain unified-diff headers, a
 * `--- a/<path>` line followed by `+++ b/<path>` (quilt style, as every
 * stable review patch is; `/dev/null` on either side for a new or removed
 * file). Lines quoted with > do not count, nor do patches in attachments.
 */
public final class DiffPaths {

    private static final Pattern GIT = Pattern.compile("(?m)^diff --git a/(\\S+) b/(\\S+)");
    private static final Pattern UNIFIED = Pattern.compile(
            "(?m)^--- (?:a/(\\S+)|/dev/null)[^\\n]*\\n\\+\\+\\+ (?:b/(\\S+)|/dev/null)");

    private DiffPaths() {
    }

    public static Set<String> of(String body) {
        Set<String> paths = new LinkedHashSet<>();
        collect(GIT.matcher(body), paths, 1, 2);
        collect(UNIFIED.matcher(body), paths, 1, 2);
        return paths;
    }

    private static void collect(Matcher m, Set<String> out, int... groups) {
        while (m.find()) {
            for (int g : groups) {
                if (m.group(g) != null) {
                    out.add(m.group(g));
                }
            }
        }
    }
}
