package org.fsnbot.intake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MaintainersPatternsTest {

    static final String MAINTAINERS = """
            FANOTIFY
            M:\tJan Kara <jack@suse.cz>
            F:\tfs/notify/fanotify/
            F:\tinclude/uapi/linux/fanotify.h

            FSNOTIFY: FILESYSTEM NOTIFICATION INFRASTRUCTURE
            M:\tJan Kara <jack@suse.cz>
            F:\tfs/notify/
            F:\tinclude/linux/fsnotify*.h

            FSNOTIFY-LIKE THING
            F:\tfs/other/

            INOTIFY
            F:\tDocumentation/filesystems/inotify.rst
            F:\tfs/notify/inotify/
            """;

    private final MaintainersPatterns p = MaintainersPatterns.parse(MAINTAINERS,
            MaintainersPatterns.FSNOTIFY_ENTRIES);

    @Test
    void trailingSlashCoversTheSubtreeAndStarStaysInOneComponent() {
        assertThat(p.matches("fs/notify/fsnotify.c")).isTrue();
        assertThat(p.matches("fs/notify/fanotify/fanotify_user.c")).isTrue();
        assertThat(p.matches("include/linux/fsnotify.h")).isTrue();
        assertThat(p.matches("include/linux/fsnotify_backend.h")).isTrue();
        assertThat(p.matches("include/linux/fsnotify/sub.h")).as("* does not cross /").isFalse();
        assertThat(p.matches("fs/dcache.c")).isFalse();
        assertThat(p.matches("Documentation/filesystems/inotify.rst")).isTrue();
    }

    @Test
    void onlyTheNamedEntriesCount() {
        assertThat(p.matches("fs/other/x.c")).as("FSNOTIFY-LIKE THING is another entry").isFalse();
        assertThat(p.globs()).hasSize(6);
        assertThatThrownBy(() -> MaintainersPatterns.parse("XFS\nF:\tfs/xfs/\n", Set.of("FSNOTIFY")))
                .hasMessageContaining("no F: lines");
    }

    @Test
    void proseAndQuotedDiffsAreNotPatches() {
        FsnotifyRelevance r = new FsnotifyRelevance(p);
        assertThat(DiffPaths.of("This changes fs/notify/fsnotify.c a lot.\n")).isEmpty();
        assertThat(DiffPaths.of("> diff --git a/fs/notify/mark.c b/fs/notify/mark.c\n")).isEmpty();
        assertThat(DiffPaths.of("diff --git a/fs/notify/mark.c b/fs/notify/mark.c\n--- a/fs/notify/mark.c\n"))
                .containsExactly("fs/notify/mark.c");
        assertThat(DiffPaths.of("--- a/fs/notify/fdinfo.c\n+++ b/fs/notify/fdinfo.c\n@@ -1 +1 @@\n"))
                .as("quilt style, as stable review patches are").containsExactly("fs/notify/fdinfo.c");
        assertThat(DiffPaths.of("--- /dev/null\n+++ b/fs/notify/new.c\n")).as("a new file")
                .containsExactly("fs/notify/new.c");
        assertThat(DiffPaths.of("> --- a/fs/notify/mark.c\n> +++ b/fs/notify/mark.c\n")).as("quoted").isEmpty();
        assertThat(DiffPaths.of("--- a/fs/notify/mark.c\nno plus line\n")).as("half a header").isEmpty();
        PatchMail m = new PatchMail("<a@b>", new PatchMail.Headers("[PATCH] x", "a@b", null, List.of(), List.of(),
                List.of(), null), new PatchMail.Diff(true, false, List.of("fs/dcache.c", "fs/notify/mark.c")),
                new byte[0]);
        assertThat(r.isFsnotifyPatch(m)).isTrue();
    }
}
