package org.fsnbot.intake;

import jakarta.mail.Address;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Multipart;
import jakarta.mail.Part;
import jakarta.mail.Session;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeUtility;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an mbox (or a single RFC 822 message) into patch mails and the
 * series they form. Messages are parsed with Jakarta Mail; only the mbox
 * framing is ours, because Jakarta Mail has no mbox reader outside its
 * optional mail-store providers.
 */
public final class MboxReader {

    private static final Pattern FROM_LINE = Pattern.compile("^From \\S+.*$");
    private static final Pattern ARMORED_FROM = Pattern.compile("^>+From ");
    private static final Pattern DIFF = Pattern.compile("(?m)^(diff --git a/|--- a/\\S+.*\\n\\+\\+\\+ b/|Index: )");
    private static final Pattern DIFFSTAT = Pattern.compile("(?m)^ \\d+ files? changed(, \\d+ insertions?\\(\\+\\))?");
    private static final Pattern PART = Pattern.compile("\\[[^\\]]*?(\\d+)/(\\d+)\\s*\\]");

    private final Session session = Session.getInstance(new Properties());

    public List<PatchMail> read(Path file) throws IOException, MalformedMailException {
        byte[] bytes = Files.readAllBytes(file);
        if (bytes.length == 0) {
            throw new MalformedMailException(file + ": empty file");
        }
        List<PatchMail> mails = new ArrayList<>();
        for (byte[] raw : split(bytes)) {
            mails.add(parse(raw));
        }
        return mails;
    }

    /** The series in the mbox: its patches in part order, its cover letter if any. */
    public PatchSeries readSeries(Path file) throws IOException, MalformedMailException {
        List<PatchMail> mails = read(file);
        List<PatchMail> patches = new ArrayList<>();
        Optional<PatchMail> cover = Optional.empty();
        for (PatchMail m : mails) {
            if (m.hasDiff()) {
                patches.add(m);
            } else if (partNumber(m.subject()) == 0) {
                cover = Optional.of(m);
            }
        }
        if (patches.isEmpty()) {
            throw new MalformedMailException(file + ": no patch in it (no message carries a diff)");
        }
        for (PatchMail p : patches) {
            if (p.subject().isBlank()) {
                throw new MalformedMailException(file + ": patch " + p.messageId() + " has no Subject");
            }
        }
        patches.sort((a, b) -> Integer.compare(partNumber(a.subject()), partNumber(b.subject())));
        return new PatchSeries(cover, patches);
    }

    static int partNumber(String subject) {
        Matcher m = PART.matcher(subject);
        return m.find() ? Integer.parseInt(m.group(1)) : 1;
    }

    /** Splits on mbox From_ lines, un-armoring >From lines (mboxrd). */
    public static List<byte[]> split(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        List<String> lines = Arrays.asList(text.split("\n", -1));
        if (lines.isEmpty() || !FROM_LINE.matcher(lines.get(0)).matches()) {
            return List.of(bytes);
        }
        List<byte[]> messages = new ArrayList<>();
        StringBuilder current = null;
        for (String line : lines) {
            if (FROM_LINE.matcher(line).matches()) {
                if (current != null) {
                    messages.add(current.toString().getBytes(StandardCharsets.ISO_8859_1));
                }
                current = new StringBuilder();
                continue;
            }
            current.append(ARMORED_FROM.matcher(line).find() ? line.substring(1) : line).append('\n');
        }
        if (current != null && !current.toString().isBlank()) {
            messages.add(current.toString().getBytes(StandardCharsets.ISO_8859_1));
        }
        return messages;
    }

    /** A message's own words: its first inline text/plain part (where #fsnbot commands are). */
    public String body(byte[] raw) throws MalformedMailException {
        try {
            return inlineText(new MimeMessage(session, new ByteArrayInputStream(raw)));
        } catch (MessagingException | IOException e) {
            throw new MalformedMailException("unparseable message: " + e.getMessage(), e);
        }
    }

    /** One RFC 822 message (as a public-inbox `m` blob holds it). */
    public PatchMail parse(byte[] raw) throws MalformedMailException {
        try {
            MimeMessage msg = new MimeMessage(session, new ByteArrayInputStream(raw));
            String messageId = msg.getMessageID();
            if (messageId == null || messageId.isBlank()) {
                throw new MalformedMailException("message without Message-ID");
            }
            messageId = messageId.trim();
            // Archives hold real mail, some of it without a Subject; a patch to
            // test needs one (readSeries checks), an archived reply does not.
            String subject = msg.getSubject() == null ? "" : msg.getSubject();
            Address[] from = msg.getFrom();
            if (from == null || from.length == 0) {
                throw new MalformedMailException(messageId + ": no From");
            }
            Address[] replyTo = msg.getHeader("Reply-To") == null ? null : msg.getReplyTo();
            List<String> refs = new ArrayList<>();
            String references = msg.getHeader("References", " ");
            if (references != null) {
                refs.addAll(Arrays.asList(MimeUtility.unfold(references).trim().split("\\s+")));
            }
            String inReplyTo = msg.getHeader("In-Reply-To", " ");
            if (inReplyTo != null && !refs.contains(inReplyTo.trim())) {
                refs.add(inReplyTo.trim());
            }
            refs.removeIf(String::isBlank);
            String body = textOf(msg);
            String inline = inlineText(msg);
            PatchMail.Headers headers = new PatchMail.Headers(
                    MimeUtility.unfold(subject).replaceAll("\\s+", " ").trim(),
                    display(from[0]),
                    replyTo == null || replyTo.length == 0 ? null : display(replyTo[0]),
                    addresses(msg.getRecipients(Message.RecipientType.TO)),
                    addresses(msg.getRecipients(Message.RecipientType.CC)),
                    refs,
                    msg.getHeader("Date", null));
            return new PatchMail(messageId, headers, new PatchMail.Diff(DIFF.matcher(body).find(),
                    DIFFSTAT.matcher(inline).find(), List.copyOf(DiffPaths.of(inline))), raw);
        } catch (MessagingException | IOException e) {
            throw new MalformedMailException("unparseable message: " + e.getMessage(), e);
        }
    }

    private static String display(Address a) {
        return a instanceof InternetAddress ia ? ia.toUnicodeString() : a.toString();
    }

    private static List<String> addresses(Address[] list) {
        List<String> out = new ArrayList<>();
        if (list != null) {
            for (Address a : list) {
                out.add(display(a));
            }
        }
        return out;
    }

    /** The first text/plain part that is not an attachment: the mail's own words and diff. */
    private static String inlineText(Part part) throws MessagingException, IOException {
        if (part.isMimeType("multipart/*")) {
            Multipart mp = (Multipart) part.getContent();
            for (int i = 0; i < mp.getCount(); i++) {
                Part p = mp.getBodyPart(i);
                if (!Part.ATTACHMENT.equalsIgnoreCase(p.getDisposition())
                        && (p.isMimeType("text/plain") || p.isMimeType("multipart/*"))) {
                    return inlineText(p);
                }
            }
            return "";
        }
        return part.isMimeType("text/*") ? textOf(part) : "";
    }

    private static String textOf(Part part) throws MessagingException, IOException {
        if (part.isMimeType("text/*")) {
            Object content;
            try {
                content = part.getContent();
            } catch (java.io.UnsupportedEncodingException e) {
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
            Multipart mp = (Multipart) part.getContent();
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < mp.getCount(); i++) {
                sb.append(textOf(mp.getBodyPart(i)));
            }
            return sb.toString();
        }
        return "";
    }
}
