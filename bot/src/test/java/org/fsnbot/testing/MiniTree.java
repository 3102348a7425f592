package org.fsnbot.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.fsnbot.exec.CommandRunner;

/** A tiny kernel-like git tree with a MAINTAINERS file, for tests that need a base but no build. */
public final class MiniTree {

    public static final String MAINTAINERS = String.join("\n",
            "FSNOTIFY: FILESYSTEM NOTIFICATION INFRASTRUCTURE",
            "M:\tJan Maintainer <maint@example.org>",
            "R:\tRita Reviewer <reviewer@example.org>",
            "L:\tlinux-fsdevel@example.org",
            "F:\tfs/notify/",
            "F:\tinclude/linux/fsnotify*.h",
            "",
            "EXT4 FILE SYSTEM",
            "M:\tExt Maintainer <ext4@example.org>",
            "F:\tfs/ext4/",
            "");

    private MiniTree() {
    }

    /** Creates the tree with one commit on master; returns its path. */
    public static Path create(Path dir) throws IOException {
        CommandRunner run = new CommandRunner();
        Files.createDirectories(dir.resolve("fs/notify"));
        Files.writeString(dir.resolve("MAINTAINERS"), MAINTAINERS);
        Files.writeString(dir.resolve("fs/notify/mark.c"), "int x;\n");
        for (List<String> cmd : List.of(List.of("git", "init", "-q", "-b", "master"), List.of("git", "add", "."),
                List.of("git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "base"))) {
            run.check(cmd, dir, Duration.ofMinutes(1));
        }
        return dir;
    }

    /** A patch mail touching fs/notify/mark.c. */
    public static String patch(String messageId, String from, String subject) {
        return String.join("\n",
                "From: " + from,
                "To: linux-fsdevel@example.org",
                "Cc: Jan Maintainer <maint@example.org>",
                "Subject: " + subject,
                "Message-ID: " + messageId,
                "Date: Mon, 30 Nov 2026 10:00:00 +0000",
                "",
                "A change.",
                "",
                "Signed-off-by: " + from,
                "---",
                " fs/notify/mark.c | 1 +",
                " 1 file changed, 1 insertion(+)",
                "",
                "diff --git a/fs/notify/mark.c b/fs/notify/mark.c",
                "--- a/fs/notify/mark.c",
                "+++ b/fs/notify/mark.c",
                "@@ -1 +1,2 @@",
                " int x;",
                "+int y;",
                "");
    }
}
