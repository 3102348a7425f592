package org.fsnbot.intake;

import jakarta.mail.MessagingException;
import jakarta.mail.Multipart;
import jakarta.mail.Part;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UnsupportedEncodingException;
import java.nio.charset.StandardCharsets;

/**
 * The text of a parsed mail: its own words (the first inline text/plain
 * part) or all its text parts. Multipart trees deeper than MAX_MIME_DEPTH
 * are refused: no mail client nests so deep, and each level costs Jakarta
 * Mail a scan of everything below it (a few thousand levels cost seconds,
 * then the stack).
 */
final class MimeText {

    static final int MAX_MIME_DEPTH = 12;

    private MimeText() {
    }

    /** The first text/plain part that is not an attachment: the mail's own words and diff. */
    static String inline(Part part) throws MessagingException, IOException {
        return inline(part, 0);
    }

    /** Every text part, in order. */
    static String all(Part part) throws MessagingException, IOException {
        return all(part, 0);
    }

    private static String inline(Part part, int depth) throws MessagingException, IOException {
        if (part.isMimeType("multipart/*")) {
            tooDeep(depth);
            Multipart mp = (Multipart) part.getContent();
            for (int i = 0; i < mp.getCount(); i++) {
                Part p = mp.getBodyPart(i);
                if (!Part.ATTACHMENT.equalsIgnoreCase(p.getDisposition())
                        && (p.isMimeType("text/plain") || p.isMimeType("multipart/*"))) {
                    return inline(p, depth + 1);
                }
            }
            return "";
        }
        return part.isMimeType("text/*") ? all(part, depth) : "";
    }

    private static void tooDeep(int depth) throws MessagingException {
        if (depth >= MAX_MIME_DEPTH) {
            throw new MessagingException("MIME parts nested deeper than " + MAX_MIME_DEPTH + " levels");
        }
    }

    private static String all(Part part, int depth) throws MessagingException, IOException {
        if (part.isMimeType("text/*")) {
            Object content;
            try {
                content = part.getContent();
            } catch (UnsupportedEncodingException e) {
                // Real mail declares charsets like "true"; the bytes still hold the diff.
                return new String(part.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            }
            if (content instanceof String s) {
                return s;
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            part.getDataHandler().writeTo(out);
            return out.toString(StandardCharsets.ISO_8859_1);
        }
        if (part.isMimeType("multipart/*")) {
            tooDeep(depth);
            Multipart mp = (Multipart) part.getContent();
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < mp.getCount(); i++) {
                sb.append(all(mp.getBodyPart(i), depth + 1));
            }
            return sb.toString();
        }
        return "";
    }
}
