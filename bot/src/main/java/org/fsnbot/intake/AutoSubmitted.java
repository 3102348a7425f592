package org.fsnbot.intake;

import jakarta.mail.Header;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.InternetHeaders;
import jakarta.mail.internet.MimeUtility;
import java.io.ByteArrayInputStream;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether a mail was sent by a machine, so that no machine answers it
 * (RFC 3834, section 2): an Auto-Submitted header other than "no", the
 * X-Autoreply/X-Autorespond marks vacation programs use, or Precedence
 * junk, bulk or list. A mailing list marks every mail it expands "bulk"
 * (vger's and subspace's copies of a person's mail all say
 * "Precedence: bulk"), so bulk and list count only on a mail that carries
 * no List-Id: one a list did not distribute.
 */
public final class AutoSubmitted {

    private AutoSubmitted() {
    }

    /** Why the mail is a machine's, if it is (for the command log); empty for a person's. */
    public static Optional<String> why(byte[] raw) {
        List<Header> headers;
        try {
            headers = Collections.list(new InternetHeaders(new ByteArrayInputStream(raw)).getAllHeaders());
        } catch (MessagingException | RuntimeException e) {
            return Optional.of("headers that do not parse");
        }
        boolean list = headers.stream().anyMatch(h -> h.getName().equalsIgnoreCase("List-Id"));
        for (Header h : headers) {
            String name = h.getName().toLowerCase(Locale.ROOT);
            String value = word(h.getValue());
            switch (name) {
                case "auto-submitted" -> {
                    if (!value.equals("no")) {
                        return Optional.of("auto-submitted: " + value + " (RFC 3834)");
                    }
                }
                case "x-autoreply", "x-autorespond" -> {
                    return Optional.of(name + " (a vacation program's)");
                }
                case "precedence" -> {
                    if (value.equals("junk") || (!list && (value.equals("bulk") || value.equals("list")))) {
                        return Optional.of("precedence: " + value + (list ? "" : " and no List-Id")
                                + " (RFC 3834)");
                    }
                }
                default -> {
                }
            }
        }
        return Optional.empty();
    }

    /** The first word of a header value, lower case, comments and parameters dropped. */
    private static String word(String value) {
        String v = value == null ? "" : MimeUtility.unfold(value).replaceAll("\\([^)]*\\)", " ").trim();
        int end = 0;
        while (end < v.length() && !Character.isWhitespace(v.charAt(end)) && v.charAt(end) != ';') {
            end++;
        }
        return v.substring(0, end).toLowerCase(Locale.ROOT);
    }
}
