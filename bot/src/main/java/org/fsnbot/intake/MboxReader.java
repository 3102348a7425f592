package org.fsnbot.intake;

import jakarta.mail.Address;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeUtility;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
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

    /** Larger than any patch lore carries (its biggest firmware and register-header patches are a few MiB). */
    public static final int MAX_MESSAGE_BYTES = 32 << 20;
    /** More multipart headers than any real mail has; counting them is cheap, parsing them is not. */
    static final int MAX_MULTIPARTS = 64;
    private static final Pattern MULTIPART = Pattern.compile("(?i)content-type:\\s*multipart/");
    /** References beyond this many are dropped from the middle: the root and the nearest parents are kept. */
    static final int MAX_REFERENCES = 64;
    /** RFC 5322's line limit, and the store's column. */
    static final int MAX_MESSAGE_ID = 998;
    private static final Pattern MSG_ID = Pattern.compile("<[^<>\\s]+>");
    private static final Pattern BARE_MSG_ID = Pattern.compile("[^<>\\s]+@[^<>\\s]+");

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

    /**
     * Refuses, before any parsing, what would cost far more to parse than a
     * real mail: more bytes than MAX_MESSAGE_BYTES, more multipart parts than
     * MAX_MULTIPARTS (Jakarta Mail rescans the rest of the body at every level).
     */
    private static void bounded(byte[] raw) throws MalformedMailException {
        if (raw.length > MAX_MESSAGE_BYTES) {
            throw new MalformedMailException("message of " + raw.length + " bytes, over the limit of "
                    + MAX_MESSAGE_BYTES);
        }
        Matcher m = MULTIPART.matcher(new String(raw, StandardCharsets.ISO_8859_1));
        int parts = 0;
        while (m.find()) {
            if (++parts > MAX_MULTIPARTS) {
                throw new MalformedMailException("more than " + MAX_MULTIPARTS + " multipart parts");
            }
        }
    }

    /** A message's own words: its first inline text/plain part (where #fsnbot commands are). */
    public String body(byte[] raw) throws MalformedMailException {
        bounded(raw);
        try {
            return MimeText.inline(new MimeMessage(session, new ByteArrayInputStream(raw)));
        } catch (MessagingException | IOException | RuntimeException e) {
            throw new MalformedMailException("unparseable message: " + e, e);
        }
    }

    /** One RFC 822 message (as a public-inbox `m` blob holds it). */
    public PatchMail parse(byte[] raw) throws MalformedMailException {
        bounded(raw);
        try {
            MimeMessage msg = new MimeMessage(session, new ByteArrayInputStream(raw));
            String messageId = messageId(msg.getMessageID());
            // Archives hold real mail, some of it without a Subject; a patch to
            // test needs one (readSeries checks), an archived reply does not.
            String subject = msg.getSubject() == null ? "" : msg.getSubject();
            Address[] from = msg.getFrom();
            if (from == null || from.length == 0) {
                throw new MalformedMailException(messageId + ": no From");
            }
            Address[] replyTo = msg.getHeader("Reply-To") == null ? null : msg.getReplyTo();
            List<String> refs = references(msg, messageId);
            String body = MimeText.all(msg);
            String inline = MimeText.inline(msg);
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
        } catch (MessagingException | IOException | RuntimeException e) {
            // Jakarta Mail throws unchecked exceptions on some malformed headers and encodings.
            throw new MalformedMailException("unparseable message: " + e, e);
        }
    }

    /**
     * The Message-ID in angle brackets: the first <...> in the header, or a
     * bare local@domain (some mailers send it so) put in brackets.
     */
    static String messageId(String header) throws MalformedMailException {
        if (header == null || header.isBlank()) {
            throw new MalformedMailException("message without Message-ID");
        }
        String h = MimeUtility.unfold(header).trim();
        Matcher m = MSG_ID.matcher(h);
        String id = m.find() ? m.group() : BARE_MSG_ID.matcher(h).matches() ? "<" + h + ">" : null;
        if (id != null && id.length() <= MAX_MESSAGE_ID) {
            return id;
        }
        throw new MalformedMailException("Message-ID is not <local@domain>: " + h.substring(0, Math.min(h.length(),
                200)));
    }

    /**
     * References then In-Reply-To, only well-formed ids, never the message
     * itself, each once, at most MAX_REFERENCES (the root and the nearest).
     */
    private static List<String> references(MimeMessage msg, String self) throws MessagingException {
        Set<String> refs = new LinkedHashSet<>();
        for (String header : new String[] {"References", "In-Reply-To"}) {
            String value = msg.getHeader(header, " ");
            if (value != null) {
                Matcher m = MSG_ID.matcher(MimeUtility.unfold(value));
                while (m.find()) {
                    refs.add(m.group());
                }
            }
        }
        refs.remove(self);
        List<String> list = new ArrayList<>(refs);
        if (list.size() <= MAX_REFERENCES) {
            return list;
        }
        List<String> kept = new ArrayList<>(list.subList(0, 1));
        kept.addAll(list.subList(list.size() - (MAX_REFERENCES - 1), list.size()));
        return kept;
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
}
