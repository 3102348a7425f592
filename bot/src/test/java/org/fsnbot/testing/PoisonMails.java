package org.fsnbot.testing;

import java.util.ArrayList;
import java.util.List;

/**
 * Single mails that used to stop fsnbot (issue 12), made by the tests: each
 * is what an attacker can post to a followed list. Every one of them must be
 * recorded or ignored while the mails after it flow on.
 */
public final class PoisonMails {

    private PoisonMails() {
    }

    /** A named poison mail. */
    public record Poison(String name, String text) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static String headers(String id, String subject, String... more) {
        List<String> h = new ArrayList<>(List.of("From: Mallory <mallory@example.net>",
                "To: linux-fsdevel@example.org", "Subject: " + subject, "Message-ID: " + id,
                "Date: Mon, 30 Nov 2026 10:00:00 +0000"));
        h.addAll(List.of(more));
        return String.join("\n", h) + "\n";
    }

    private static String fsnotifyDiff() {
        return "---\n fs/notify/mark.c | 1 +\n 1 file changed, 1 insertion(+)\n\n"
                + "diff --git a/fs/notify/mark.c b/fs/notify/mark.c\n--- a/fs/notify/mark.c\n"
                + "+++ b/fs/notify/mark.c\n@@ -1,1 +1,2 @@\n a\n+b\n";
    }

    /** A part of a series whose References name itself. */
    public static Poison selfReference() {
        return new Poison("self-reference", headers("<loop-self@example.net>", "[PATCH 2/3] fsnotify: loop",
                "References: <loop-self@example.net>", "In-Reply-To: <loop-self@example.net>") + "\n"
                + fsnotifyDiff());
    }

    /** Two parts of a series that reference each other. */
    public static List<Poison> mutualReferences() {
        return List.of(
                new Poison("mutual-reference-a", headers("<loop-a@example.net>", "[PATCH 2/3] fsnotify: pair",
                        "References: <loop-b@example.net>") + "\n" + fsnotifyDiff()),
                new Poison("mutual-reference-b", headers("<loop-b@example.net>", "[PATCH 3/3] fsnotify: pair",
                        "References: <loop-a@example.net>") + "\n" + fsnotifyDiff()));
    }

    /** A Message-ID without angle brackets (some mailers send it so). */
    public static Poison bareMessageId() {
        return new Poison("bare-message-id", headers("bare-id@example.net", "[PATCH] fsnotify: bare id") + "\n"
                + fsnotifyDiff());
    }

    /** A Message-ID that is no id at all. */
    public static Poison garbageMessageId() {
        return new Poison("garbage-message-id", headers("not an id at all", "[PATCH] fsnotify: garbage id") + "\n"
                + fsnotifyDiff());
    }

    /** multipart/mixed nested levels deep, a diff at the bottom. */
    public static Poison deepMime(int levels) {
        StringBuilder sb = new StringBuilder(headers("<deep-mime-" + levels + "@example.net>", "[PATCH] fsnotify: deep",
                "MIME-Version: 1.0", "Content-Type: multipart/mixed; boundary=\"b0\"")).append('\n');
        for (int i = 0; i < levels; i++) {
            sb.append("--b").append(i).append("\nContent-Type: multipart/mixed; boundary=\"b").append(i + 1)
                    .append("\"\n\n");
        }
        sb.append("--b").append(levels).append("\nContent-Type: text/plain\n\n").append(fsnotifyDiff());
        for (int i = levels; i >= 0; i--) {
            sb.append("--b").append(i).append("--\n");
        }
        return new Poison("deep-mime-" + levels, sb.toString());
    }

    /** One header line of a mebibyte. */
    public static Poison hugeHeaderLine() {
        return new Poison("huge-header-line", headers("<huge-line@example.net>", "[PATCH] fsnotify: "
                + "x".repeat(1 << 20)) + "\n" + fsnotifyDiff());
    }

    /** Every poison above, in the order an IT delivers them. */
    public static List<Poison> all() {
        List<Poison> all = new ArrayList<>();
        all.add(selfReference());
        all.addAll(mutualReferences());
        all.add(bareMessageId());
        all.add(garbageMessageId());
        all.add(deepMime(3000));
        all.add(deepMime(20));
        all.add(hugeHeaderLine());
        return all;
    }
}
