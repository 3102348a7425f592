package org.fsnbot.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.fsnbot.exec.Mount;

/**
 * What git needs to see of a checkout inside the sandbox: the checkout
 * itself, writable, and the object stores it borrows from (its alternates,
 * and theirs), read-only. A checkout is a clone sharing the trees' objects,
 * so without them git would find no commit.
 */
final class GitMounts {

    /** git follows alternates five deep; so do we, and no further. */
    private static final int DEPTH = 5;
    private static final long MAX_ALTERNATES_BYTES = 64 * 1024;

    private GitMounts() {
    }

    static List<Mount> of(Path checkout) throws IOException {
        List<Mount> mounts = new ArrayList<>();
        mounts.add(Mount.writable(checkout.toAbsolutePath().normalize()));
        for (Path objects : borrowed(checkout.resolve(".git/objects"))) {
            mounts.add(Mount.readOnly(objects));
        }
        return mounts;
    }

    private static Set<Path> borrowed(Path objects) throws IOException {
        Set<Path> out = new LinkedHashSet<>();
        List<Path> level = List.of(objects);
        for (int d = 0; d < DEPTH && !level.isEmpty(); d++) {
            List<Path> next = new ArrayList<>();
            for (Path o : level) {
                Path alternates = o.resolve("info/alternates");
                // A checkout was the sandbox user's for git am: read only a small regular file (no link, no FIFO).
                if (!Files.isRegularFile(alternates, LinkOption.NOFOLLOW_LINKS)
                        || Files.size(alternates) > MAX_ALTERNATES_BYTES) {
                    continue;
                }
                for (String line : Files.readAllLines(alternates)) {
                    String s = line.trim();
                    if (s.isEmpty() || s.startsWith("#")) {
                        continue;
                    }
                    Path p = o.resolve(s).toAbsolutePath().normalize();
                    if (Files.isDirectory(p)) {
                        p = p.toRealPath();
                    }
                    if (Files.isDirectory(p) && out.add(p)) {
                        next.add(p);
                    }
                }
            }
            level = next;
        }
        return out;
    }
}
