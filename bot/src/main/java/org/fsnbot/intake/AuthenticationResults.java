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
 *     in from outside (the topmost Received "by" the MTA whose recorded
 *     connection is not its own loopback: takenIn): everything below that
 *     line came with the mail, and its sender can write anything there, a
 *     Received line of their own and an Authentication-Results with the
 *     MTA's id above it included. kernel.org's subspace adds its dkim result when it expands
 *     the list, a hop above the one that took the mail in, which is what
 *     makes lore's mail vouchable at all;</li>
 * <li>it says dkim=pass with a signing domain aligned with the From
 *     address's domain (equal, or one a subdomain of the other, as DMARC's
 *     relaxed alignment has it), or dmarc=pass for the From domain.</li>
 * </ul>
 * No library parses RFC 8601 for Java (Jakarta Mail reads the header, not
 * its grammar), so the small grammar is read here over RFC 5322's lexical
 * rules (HeaderTokens): resinfo after resinfo, separated by ";", quoted
 * strings whole, comments in parentheses dropped.
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

    private static final Pattern BY = Pattern.compile("(?i)(?:^|[\\s;()\\]])by\\s+([^\\s;()\\[\\]\"]+)");
    private static final Pattern LITERAL = Pattern.compile("\\[([^\\]]*)\\]");
    private static final Pattern DOTTED_QUAD = Pattern.compile("(?<![\\d.])\\d{1,3}(?:\\.\\d{1,3}){3}(?![\\d.])");
    private static final Pattern LOOPBACK = Pattern.compile("(?i)127(?:\\.\\d{1,3}){3}|(?:ipv6:)?(?:::1|(?:0{1,4}:){7}0{0,3}1"
            + "|::ffff:127(?:\\.\\d{1,3}){3})");

    /**
     * Whether a Received value is a trusted MTA ("by") taking a mail in from
     * outside: the line below which the sender wrote everything. A line that
     * names a trusted MTA after "by" anywhere is that line unless it is the
     * MTA's own local hop, which only the connection the MTA recorded can
     * show: every address in the line is loopback (127.0.0.0/8, ::1), and
     * there is one. The name after "from" is never asked: in Postfix's
     * shape it is the client's HELO, which says whatever the client likes
     * (the trusted MTA's own name, localhost, an address literal). An
     * attacker can only add addresses to the line, never take away the one
     * the MTA recorded, so anything odd makes a boundary, which at worst
     * leaves a real result unbelieved. A line that does not begin with
     * "from" (after comments) took nothing in over a connection: a local
     * hop such as a list's expansion.
     */
    static boolean takenIn(String received, Set<String> trustedIds) {
        Matcher by = BY.matcher(received);
        boolean ours = false;
        while (by.find() && !ours) {
            ours = trustedIds.contains(by.group(1).toLowerCase(Locale.ROOT));
        }
        if (!ours) {
            return false;
        }
        if (!takenFrom(received)) {
            return false;
        }
        Matcher literal = LITERAL.matcher(received);
        boolean any = false;
        while (literal.find()) {
            if (!LOOPBACK.matcher(literal.group(1).strip()).matches()) {
                return true;
            }
            any = true;
        }
        Matcher quad = DOTTED_QUAD.matcher(received);
        while (quad.find()) {
            if (!quad.group().startsWith("127.")) {
                return true;
            }
        }
        return !any;
    }

    /**
     * Whether the line begins (comments aside) with "from": it took the
     * mail in over a connection. A line that does not read (an unbalanced
     * quote or comment) is taken for one: the safe side, a boundary.
     */
    private static boolean takenFrom(String received) {
        return HeaderTokens.of(received).map(t -> !t.isEmpty() && t.get(0).kind() == HeaderTokens.Kind.WORD
                && t.get(0).text().equalsIgnoreCase("from")).orElse(true);
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

    /**
     * Whether one Authentication-Results value, from a trusted id, passes
     * the From domain: read as RFC 8601's grammar (HeaderTokens: a quoted
     * value is one value whatever ";" or ")" it holds, comments are
     * dropped); a value that does not read is no pass.
     */
    static boolean vouches(String value, Set<String> trustedIds, String fromDomain) {
        Optional<List<HeaderTokens.Token>> read = HeaderTokens.of(value);
        if (read.isEmpty()) {
            return false;
        }
        List<List<String[]>> statements = statements(read.get());
        if (statements.isEmpty() || statements.get(0).isEmpty()
                || !trustedIds.contains(statements.get(0).get(0)[0].toLowerCase(Locale.ROOT))) {
            return false;
        }
        for (List<String[]> resinfo : statements.subList(1, statements.size())) {
            if (resinfo.isEmpty() || resinfo.get(0).length != 2) {
                continue;
            }
            String method = resinfo.get(0)[0].toLowerCase(Locale.ROOT);
            String result = resinfo.get(0)[1].toLowerCase(Locale.ROOT);
            if (!result.equals("pass")) {
                continue;
            }
            if (method.equals("dkim") && property(resinfo, "header.d").map(d -> aligned(d, fromDomain)).orElse(false)) {
                return true;
            }
            if (method.equals("dmarc") && property(resinfo, "header.from").map(fromDomain::equals).orElse(false)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The statements between ";", each a list of its words and name=value
     * pairs ({word} or {name, value}); white space around "=" is allowed
     * (CFWS in the grammar), and a quoted value is its text.
     */
    private static List<List<String[]>> statements(List<HeaderTokens.Token> tokens) {
        List<List<String[]>> out = new ArrayList<>();
        List<String[]> current = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            HeaderTokens.Token t = tokens.get(i);
            if (t.kind() == HeaderTokens.Kind.SEMICOLON) {
                out.add(current);
                current = new ArrayList<>();
                continue;
            }
            String text = t.text();
            int eq = t.kind() == HeaderTokens.Kind.WORD ? text.indexOf('=') : -1;
            if (eq < 0 && i + 1 < tokens.size() && tokens.get(i + 1).kind() == HeaderTokens.Kind.WORD
                    && tokens.get(i + 1).text().startsWith("=")) {
                HeaderTokens.Token next = tokens.get(++i);
                text = text + next.text();
                eq = text.indexOf('=');
            }
            if (eq < 0) {
                current.add(new String[] {text});
                continue;
            }
            String name = text.substring(0, eq);
            String val = text.substring(eq + 1);
            if (val.isEmpty() && i + 1 < tokens.size() && tokens.get(i + 1).kind() != HeaderTokens.Kind.SEMICOLON) {
                val = tokens.get(++i).text();
            }
            current.add(new String[] {name, val});
        }
        out.add(current);
        return out;
    }

    private static Optional<String> property(List<String[]> resinfo, String name) {
        for (String[] p : resinfo.subList(1, resinfo.size())) {
            if (p.length == 2 && p[0].equalsIgnoreCase(name)) {
                return Optional.of(p[1].toLowerCase(Locale.ROOT));
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
}
