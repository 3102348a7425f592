package org.fsnbot.intake;

import jakarta.mail.Header;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.InternetHeaders;
import jakarta.mail.internet.MimeUtility;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Who a mail is really from, as far as a mail server fsnbot trusts says
 * (RFC 8601 Authentication-Results). A From: line alone proves nothing; a
 * result counts only when
 * <ul>
 * <li>its authserv-id is one the operator trusts (the list's MTA for mail
 *     read from an archive, fsnbot's own MTA for its mailbox);</li>
 * <li>it stands above the Received header in which that MTA took the mail
 *     in from outside (the topmost Received "from" a host that is not the
 *     MTA itself, "by" the MTA): everything below that line came with the
 *     mail, and its sender can write anything there, a Received line of
 *     their own and an Authentication-Results with the MTA's id above it
 *     included. kernel.org's subspace adds its dkim result when it expands
 *     the list, a hop above the one that took the mail in, which is what
 *     makes lore's mail vouchable at all;</li>
 * <li>it says dkim=pass with a signing domain aligned with the From
 *     address's domain (equal, or one a subdomain of the other, as DMARC's
 *     relaxed alignment has it), or dmarc=pass for the From domain.</li>
 * </ul>
 * No library parses RFC 8601 for Java (Jakarta Mail reads the header, not
 * its grammar), so the small grammar is read here: resinfo after resinfo,
 * separated by ";", comments in parentheses dropped.
 */
public final class AuthenticationResults {

    private AuthenticationResults() {
    }

    /** The From address a trusted server vouches for, lower-cased; empty for everyone else. */
    public static Optional<String> authenticatedFrom(byte[] raw, Set<String> trustedIds) {
        if (trustedIds.isEmpty()) {
            return Optional.empty();
        }
        List<Header> headers;
        try {
            headers = Collections.list(new InternetHeaders(new ByteArrayInputStream(raw)).getAllHeaders());
        } catch (MessagingException | RuntimeException e) {
            return Optional.empty();
        }
        Optional<String> from = singleFrom(headers);
        if (from.isEmpty()) {
            return Optional.empty();
        }
        String domain = from.get().substring(from.get().lastIndexOf('@') + 1);
        for (Header h : headers) {
            String name = h.getName();
            if (name.equalsIgnoreCase("Received") && takenIn(MimeUtility.unfold(h.getValue()), trustedIds)) {
                return Optional.empty();
            }
            if (name.equalsIgnoreCase("Authentication-Results")
                    && vouches(MimeUtility.unfold(h.getValue()), trustedIds, domain)) {
                return from;
            }
        }
        return Optional.empty();
    }

    private static final Pattern BY = Pattern.compile("(?i)(?:^|[\\s;)])by\\s+([A-Za-z0-9.-]+)");
    private static final Pattern FROM = Pattern.compile("(?i)^\\s*from\\s+([A-Za-z0-9.\\[\\]:-]+)([^;]*)");
    private static final Set<String> LOCAL = Set.of("localhost", "localhost.localdomain", "127.0.0.1", "[127.0.0.1]",
            "::1", "[::1]", "[ipv6:::1]");

    /**
     * Whether a Received value is a trusted MTA ("by") taking a mail in from
     * a host that is not itself and not local ("from"): the line below which
     * the sender wrote everything.
     */
    static boolean takenIn(String received, Set<String> trustedIds) {
        Matcher by = BY.matcher(received);
        if (!by.find() || !trustedIds.contains(by.group(1).toLowerCase(Locale.ROOT))) {
            return false;
        }
        Matcher from = FROM.matcher(received);
        if (!from.find()) {
            return false;
        }
        String host = from.group(1).toLowerCase(Locale.ROOT);
        String rest = from.group(2).toLowerCase(Locale.ROOT);
        boolean local = LOCAL.contains(host) || rest.contains("[127.0.0.1]") || rest.contains("[::1]");
        return !local && !trustedIds.contains(host);
    }

    private static Optional<String> singleFrom(List<Header> headers) {
        List<String> froms = new ArrayList<>();
        for (Header h : headers) {
            if (h.getName().equalsIgnoreCase("From")) {
                froms.add(h.getValue());
            }
        }
        if (froms.size() != 1) {
            return Optional.empty();
        }
        try {
            InternetAddress[] a = InternetAddress.parseHeader(MimeUtility.unfold(froms.get(0)), true);
            if (a.length != 1 || a[0].getAddress() == null || a[0].getAddress().lastIndexOf('@') < 1) {
                return Optional.empty();
            }
            return Optional.of(a[0].getAddress().toLowerCase(Locale.ROOT));
        } catch (AddressException e) {
            return Optional.empty();
        }
    }

    /** Whether one Authentication-Results value, from a trusted id, passes the From domain. */
    static boolean vouches(String value, Set<String> trustedIds, String fromDomain) {
        String[] parts = withoutComments(value).split(";");
        String[] idAndVersion = parts[0].trim().split("\\s+");
        if (idAndVersion.length == 0 || !trustedIds.contains(idAndVersion[0].toLowerCase(Locale.ROOT))) {
            return false;
        }
        for (int i = 1; i < parts.length; i++) {
            String[] words = parts[i].trim().toLowerCase(Locale.ROOT).split("\\s+");
            if (words.length == 0) {
                continue;
            }
            if (words[0].equals("dkim=pass") && property(words, "header.d").map(d -> aligned(d, fromDomain))
                    .orElse(false)) {
                return true;
            }
            if (words[0].equals("dmarc=pass") && property(words, "header.from").map(fromDomain::equals)
                    .orElse(false)) {
                return true;
            }
        }
        return false;
    }

    private static Optional<String> property(String[] words, String name) {
        for (String w : words) {
            if (w.startsWith(name + "=")) {
                return Optional.of(w.substring(name.length() + 1).replace("\"", ""));
            }
        }
        return Optional.empty();
    }

    /** DMARC's relaxed alignment without the public suffix list: a bare TLD never aligns. */
    static boolean aligned(String signer, String fromDomain) {
        if (!signer.contains(".") || !fromDomain.contains(".")) {
            return false;
        }
        return signer.equals(fromDomain) || fromDomain.endsWith("." + signer) || signer.endsWith("." + fromDomain);
    }

    private static String withoutComments(String s) {
        StringBuilder out = new StringBuilder();
        int depth = 0;
        boolean quoted = false;
        for (char c : s.toCharArray()) {
            if (c == '"' && depth == 0) {
                quoted = !quoted;
            } else if (!quoted && c == '(') {
                depth++;
                continue;
            } else if (!quoted && c == ')' && depth > 0) {
                depth--;
                continue;
            }
            if (depth == 0) {
                out.append(c);
            }
        }
        return out.toString();
    }
}
