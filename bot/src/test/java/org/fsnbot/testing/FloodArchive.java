package org.fsnbot.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fsnbot.intake.EpochWriter;

/**
 * The flood of issue 40 as mail in a followed inbox: 10,000 strangers'
 * patches (half from one sender, half from 5,000 senders), 60 `#fsnbot
 * help` mails from DKIM-signed webmail strangers, five authors each
 * rerunning their own series five times (past their pool). The list
 * server MX is trusted for the archive; what it signed carries its trace.
 */
public final class FloodArchive {

    public static final String MX = "mx.example.org";
    public static final String LIST = "linux-fsdevel@example.org";

    /** How many mails {@link #write} appends. */
    public static final int MAILS = 10_000 + 60 + 5 * 6;

    private FloodArchive() {
    }

    /** Appends the flood to w; returns the Message-IDs of the authors' own patches. */
    public static Set<String> write(EpochWriter w) throws IOException {
        Set<String> authors = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            String from = i < 5_000 ? "Flood <flood@evil.example>" : "S" + i + " <s" + i + "@evil" + (i % 50)
                    + ".example>";
            w.append(bytes(patch("<flood-" + i + "@evil.example>", from, i, false)));
        }
        for (int i = 0; i < 60; i++) {
            w.append(bytes(command("W" + i + " <w" + i + "@webmail.example>", "<help-" + i + "@webmail.example>",
                    "<flood-" + (5_000 + i) + "@evil.example>", "#fsnbot help")));
        }
        for (int a = 0; a < 5; a++) {
            String own = "<own-" + a + "@dev.example>";
            authors.add(own);
            w.append(bytes(patch(own, "Author " + a + " <author" + a + "@dev.example>", 20_000 + a, true)));
            for (int r = 0; r < 5; r++) {
                w.append(bytes(command("Author " + a + " <author" + a + "@dev.example>", "<rerun-" + a + "-" + r
                        + "@dev.example>", own, "#fsnbot rerun")));
            }
        }
        return authors;
    }

    /** Whether id is one of the first 5,000 patches, all from the one sender. */
    public static boolean fromTheOneStranger(String id) {
        return id.matches("<flood-[0-9]+@evil.example>") && Integer.parseInt(id.replaceAll("\\D", "")) < 5_000;
    }

    public static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** The trusted list server's trace: its Received line and its DKIM verdict on the sender's domain. */
    public static List<String> signed(String from) {
        String domain = from.replaceAll(".*@([^>]+)>.*", "$1");
        return List.of("Authentication-Results: " + MX + "; dkim=pass header.d=" + domain,
                "Received: from mail." + domain + " (mail." + domain + " [192.0.2.7]) by " + MX
                + " with ESMTPS id x1; Mon, 30 Nov 2026 10:00:00 +0000");
    }

    /** A one-line patch to fs/notify/mark.c that applies to MiniTree's file only. */
    public static String patch(String id, String from, int n, boolean signed) {
        List<String> lines = new ArrayList<>(signed ? signed(from) : List.of());
        lines.addAll(List.of("From: " + from, "To: " + LIST, "Subject: [PATCH] fsnotify: change " + n,
                "Message-ID: " + id, "Date: Mon, 30 Nov 2026 10:00:00 +0000", "", "A change.", "",
                "Signed-off-by: " + from, "---", " fs/notify/mark.c | 1 +", " 1 file changed, 1 insertion(+)", "",
                "diff --git a/fs/notify/mark.c b/fs/notify/mark.c", "--- a/fs/notify/mark.c",
                "+++ b/fs/notify/mark.c", "@@ -1 +1,2 @@", " int x;", "+int y" + n + ";", ""));
        return String.join("\n", lines);
    }

    /** A signed reply on a thread whose body is the command. */
    public static String command(String from, String id, String inReplyTo, String body) {
        List<String> lines = new ArrayList<>(signed(from));
        lines.addAll(List.of("From: " + from, "To: " + LIST, "Subject: Re: [PATCH] fsnotify: a change",
                "Message-ID: " + id, "In-Reply-To: " + inReplyTo, "References: " + inReplyTo,
                "Date: Mon, 30 Nov 2026 10:05:00 +0000", "", body, ""));
        return String.join("\n", lines);
    }
}
