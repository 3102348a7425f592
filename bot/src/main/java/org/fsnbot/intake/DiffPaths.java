package org.fsnbot.intake;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The file paths a patch mail's own diff touches, from its `diff --git`
 * headers (git format-patch, which kernel patches are). Lines quoted with >
 * do not count. Quilt-style diffs without git headers (the stable review
 * series) and patches in attachments are left out on purpose: the former
 * are backports for stable trees, not changes to test, and the fixture
 * archive's reference count of fsnotify patches is made the same way.
 */
public final class DiffPaths {

    private static final Pattern GIT = Pattern.compile("(?m)^diff --git a/(\\S+) b/(\\S+)");

    private DiffPaths() {
    }

    public static Set<String> of(String body) {
        Set<String> paths = new LinkedHashSet<>();
        collect(GIT.matcher(body), paths, 1, 2);
        return paths;
    }

    private static void collect(Matcher m, Set<String> out, int... groups) {
        while (m.find()) {
            for (int g : groups) {
                out.add(m.group(g));
            }
        }
    }
}
