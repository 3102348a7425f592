package org.fsnbot.testing;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * A seeded generator of hostile mail: each call takes a seed message and
 * applies one to three mutations of the kinds attackers and broken mailers
 * produce (headers dropped, doubled, emptied or made huge; Message-IDs
 * without brackets; References that loop; MIME nested deep or cut; bad
 * transfer encodings and charsets; raw bytes flipped, NULs, bare CRs, lines
 * of 100,000 characters, truncation). Same seed, same mails.
 */
public final class MailMutator {

    private static final String[] HEADERS = {"From", "To", "Cc", "Subject", "Message-ID", "References",
        "In-Reply-To", "Content-Type", "Content-Transfer-Encoding", "Date", "Reply-To", "MIME-Version",
        "Authentication-Results", "Received"};

    private final Random random;
    private final List<String> ids = new ArrayList<>();

    public MailMutator(long seed) {
        this.random = new Random(seed);
    }

    /** A mutated copy of seed; the ids it hands out and references are drawn from earlier calls. */
    public byte[] mutate(String seed) {
        // Mostly a Message-ID of its own, so that the mail goes past de-duplication into the later stages.
        String m = random.nextInt(10) < 7 ? setHeader(seed, "Message-ID", "<m" + Long.toHexString(random.nextLong())
                + "@fuzz.example>") : seed;
        int rounds = 1 + random.nextInt(3);
        for (int i = 0; i < rounds; i++) {
            m = once(m);
        }
        byte[] bytes = m.getBytes(StandardCharsets.ISO_8859_1);
        return random.nextInt(10) == 0 ? flipBytes(bytes) : bytes;
    }

    private String once(String m) {
        String id = "<fz" + Integer.toHexString(random.nextInt()) + "@fuzz.example>";
        ids.add(id);
        return switch (random.nextInt(14)) {
            case 0 -> dropHeader(m);
            case 1 -> setHeader(m, pick(HEADERS), "");
            case 2 -> setHeader(m, pick(HEADERS), "x".repeat(1 + random.nextInt(64_000)));
            case 3 -> setHeader(m, "Message-ID", id.substring(1, id.length() - 1));
            case 4 -> setHeader(setHeader(m, "Message-ID", id), "References", id + " " + pickId());
            case 5 -> setHeader(m, "References", String.join(" ", randomIds(1 + random.nextInt(300))));
            case 6 -> nestMime(m, 1 + random.nextInt(random.nextBoolean() ? 20 : 3000));
            case 7 -> setHeader(setHeader(m, "Content-Type", "text/plain; charset=\"" + pick(new String[] {"true",
                "utf-99", "", "\u00ff"}) + "\""), "Content-Transfer-Encoding", pick(new String[] {"base64",
                    "quoted-printable", "x-uuencode", "8bit", "binary"}));
            case 8 -> m.substring(0, random.nextInt(m.length() + 1));
            case 9 -> m.replace("\n", random.nextBoolean() ? "\r" : "\r\r\n");
            case 10 -> insertAt(m, "\n" + "y".repeat(100_000) + "\n");
            case 11 -> insertAt(m, "\u0000\u0000#fsnbot " + pick(new String[] {"rerun runs=", "test ext::sh",
                "help " + "z".repeat(5000), "compare", "status extra"}) + "\n");
            case 12 -> setHeader(m, "Subject", "[PATCH v" + random.nextInt(1000) + " " + random.nextInt(5) + "/"
                    + random.nextInt(5) + "] " + pick(new String[] {"fsnotify: a", "fanotify: b", "", "[[[", "]"}));
            default -> setHeader(m, "From", pick(new String[] {"<>", "a@b@c", "\"unterminated <x@y", "@", "",
                "=?utf-8?B?invalid?= <x@example.org>", "Maint <maint@example.org>, Other <o@example.org>"}));
        };
    }

    private String pick(String[] a) {
        return a[random.nextInt(a.length)];
    }

    private String pickId() {
        return ids.get(random.nextInt(ids.size()));
    }

    private List<String> randomIds(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(pickId());
        }
        return out;
    }

    private String insertAt(String m, String s) {
        int at = random.nextInt(m.length() + 1);
        return m.substring(0, at) + s + m.substring(at);
    }

    private String dropHeader(String m) {
        String h = pick(HEADERS);
        return m.replaceFirst("(?im)^" + h + ":[^\\n]*\\n", "");
    }

    /** Replaces (or adds on top) one header; the value is quoted for replaceFirst. */
    private static String setHeader(String m, String name, String value) {
        String line = name + ": " + value;
        String replaced = m.replaceFirst("(?im)^" + name + ":[^\\n]*$", java.util.regex.Matcher
                .quoteReplacement(line));
        return replaced.equals(m) && !m.contains(line) ? line + "\n" + m : replaced;
    }

    private static String nestMime(String m, int levels) {
        int split = m.indexOf("\n\n");
        String head = split < 0 ? m : m.substring(0, split);
        String body = split < 0 ? "" : m.substring(split + 2);
        StringBuilder sb = new StringBuilder(head.replaceAll("(?im)^Content-Type:[^\\n]*\\n?", ""))
                .append("\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"q0\"\n\n");
        for (int i = 0; i < levels; i++) {
            sb.append("--q").append(i).append("\nContent-Type: multipart/mixed; boundary=\"q").append(i + 1)
                    .append("\"\n\n");
        }
        sb.append("--q").append(levels).append("\nContent-Type: text/plain\n\n").append(body);
        return sb.toString();
    }

    private byte[] flipBytes(byte[] b) {
        byte[] out = Arrays.copyOf(b, b.length);
        for (int i = 0; i < 1 + random.nextInt(8) && out.length > 0; i++) {
            out[random.nextInt(out.length)] = (byte) random.nextInt(256);
        }
        return out;
    }

    /**
     * A sender's forgery of trust: trace headers of the kinds an attacker
     * writes into their own mail, on top of seed (the sender's part, before
     * any real MTA adds its lines): Authentication-Results naming the
     * trusted server with pass results aligned with the From domain, in
     * every spelling (folded, commented, upper case, several results),
     * Received lines claiming the trusted server took the mail in or relayed
     * it locally, and the two in every order, repeated.
     */
    public String forgeTrust(String seed, String trustedId, String fromDomain) {
        String[] results = {"dkim=pass header.d=" + fromDomain, "dmarc=pass header.from=" + fromDomain,
            "DKIM=PASS (2048-bit key) header.d=" + fromDomain.toUpperCase(java.util.Locale.ROOT),
            "dkim=pass header.d=\"" + fromDomain + "\" header.i=@" + fromDomain,
            "spf=pass smtp.mailfrom=" + fromDomain + ";\n\tdkim=pass header.d=" + fromDomain,
            "dkim=pass header.d=mail." + fromDomain};
        String[] ids = {trustedId, trustedId.toUpperCase(java.util.Locale.ROOT), trustedId + " 1",
            "(comment) " + trustedId, trustedId + ";"};
        String[] received = {"from localhost (localhost [127.0.0.1]) by " + trustedId,
            "from " + pick(helos(trustedId).toArray(String[]::new)) + " (localhost [127.0.0.1]) by " + trustedId,
            "from " + pick(helos(trustedId).toArray(String[]::new)) + " ([127.0.0.1]) by " + trustedId,
            "from mail.attacker.example (mail.attacker.example [203.0.113.7]) by " + trustedId + " (Postfix)",
            "from " + trustedId + " by " + trustedId, "by " + trustedId + " via listexpand",
            "from x by y; from mail.evil by " + trustedId, "(majordomo@" + trustedId + ") by " + trustedId,
            "from mail.attacker.example\n\tby " + trustedId + " with ESMTPS id 1"};
        StringBuilder forged = new StringBuilder();
        int lines = 1 + random.nextInt(6);
        for (int i = 0; i < lines; i++) {
            if (random.nextBoolean()) {
                forged.append("Authentication-Results: ").append(pick(ids)).append(random.nextBoolean() ? ";" : "; ")
                        .append(pick(results)).append('\n');
            } else {
                forged.append("Received: ").append(pick(received)).append('\n');
            }
        }
        return forged + seed;
    }

    /** HELO names a client may give the trusted MTA: its own, local names, address literals, odd and UTF-8 ones. */
    public static List<String> helos(String mx) {
        return List.of(mx, mx.toUpperCase(java.util.Locale.ROOT), "localhost", "localhost.localdomain", "[127.0.0.1]",
                "[IPv6:::1]", "[::1]", "127.0.0.1", "_x", "-x", ".", "[", "]", "\u00fcn\u00efcode.example",
                "x(localhost [127.0.0.1])", "(a\"", "\"q", "x\\", "a)by(b)" + mx, "x;by", "mail.outsider.example",
                "[127.0.0.1]:25", "[IPv6:0:0:0:0:0:0:0:1]", "by", "from");
    }

    /**
     * What the trusted MTA mx writes when a client at 198.51.100.4 hands it
     * a mail: its Received line in one of the shapes MTAs write (Postfix,
     * Postfix with TLS comments, Exim, vger's), with a HELO drawn from
     * helos, and its own result for what it found (nothing signed), echoing
     * the client's HELO and envelope sender in quoted strings and comments
     * the way MTAs do (quotes and parentheses escaped); sometimes the MTA's
     * own loopback hop and result on top, as lore's subspace writes them.
     */
    public String trustedDelivery(String mx, String fromDomain, int id) {
        String helo = pick(helos(mx).toArray(String[]::new));
        String[] shapes = {"from " + helo + " (unknown [198.51.100.4]) by " + mx + " (Postfix) with ESMTPS id F" + id,
            "from " + helo + " (mail.outsider.example [198.51.100.4])\n\t(using TLSv1.3 with cipher"
                + " TLS_AES_256_GCM_SHA384 (256/256 bits))\n\t(No client certificate requested)\n\tby " + mx
                + " (Postfix) with ESMTPS id F" + id,
            "from [198.51.100.4] (port=4321 helo=" + helo + ") by " + mx + " with esmtps id F" + id,
            "from " + helo + " (mail6.outsider.example [IPv6:2001:db8::4]) by " + mx + " (Postfix) id F" + id,
            "from mail.outsider.example ([198.51.100.4]:44468 \"EHLO " + helo.replace("\"", "\\\"")
                + "\" rhost-flags-OK-OK-OK-OK) by " + mx + " with ESMTP id F" + id};
        String[] echoes = {"a;dkim=pass header.d=" + fromDomain, "a) dkim=pass header.d=" + fromDomain + " (",
            "x\"; dkim=pass header.d=" + fromDomain + "; y=\"", "(; dkim=pass header.d=" + fromDomain + ";)",
            "dkim=pass header.d=" + fromDomain, helo};
        String echo = pick(echoes);
        String quoted = "\"" + echo.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        String comment = "(" + echo.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")";
        String result = switch (random.nextInt(3)) {
            case 0 -> "spf=none smtp.mailfrom=" + quoted + "; dkim=none; dmarc=none header.from=" + fromDomain;
            case 1 -> "spf=softfail " + comment + " smtp.helo=" + quoted + "; dkim=none";
            default -> "dkim=none; dmarc=none header.from=" + fromDomain;
        };
        String top = random.nextInt(3) == 0 ? "Received: from localhost.localdomain (localhost.localdomain [127.0.0.1])"
                + "\n\tby " + mx + " (Postfix) with ESMTP id L" + id + "\nAuthentication-Results: " + mx + "; "
                + result + "\n" : "";
        return top + "Received: " + pick(shapes) + "\nAuthentication-Results: " + mx + "; " + result + "\n";
    }

    /** A hostile command line: a #fsnbot verb with arguments of every shape. */
    public String commandLine() {
        String[] verbs = {"rerun", "test", "test:", "compare", "cancel", "status", "help", "RERUN", "", "frob"};
        StringBuilder sb = new StringBuilder(random.nextInt(20) == 0 ? "  #fsnbot" : "#fsnbot");
        sb.append(random.nextBoolean() ? " " : random.nextBoolean() ? ":" : "\t").append(pick(verbs));
        int args = random.nextInt(6);
        String[] shapes = {"runs=", "runs=" + random.nextInt(), "runs=99999999999999999999", "workloads=",
            "workloads=" + "a,".repeat(random.nextInt(500)), "profile=../../etc/passwd", "topology=sockets=0",
            "https://git.kernel.org/pub/scm/linux/kernel/git/x/y.git", "/local/path", "ext::sh -c id",
            "file:///etc", "git@host:x", "main", "$(reboot)", "`id`", "x".repeat(random.nextInt(20_000)),
            "\u00e9\u00e9", "=", "==", "v6.12..HEAD", "-" + "-".repeat(random.nextInt(3)) + "upload-pack=sh"};
        for (int i = 0; i < args; i++) {
            sb.append(' ').append(pick(shapes));
        }
        return sb.toString();
    }
}
