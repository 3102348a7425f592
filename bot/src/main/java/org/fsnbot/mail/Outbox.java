package org.fsnbot.mail;

import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Date;
import java.util.Properties;

/**
 * The dry-run outbox: each reply becomes one .eml file, written to a
 * temporary name and renamed, so the directory never holds half a mail;
 * the files are 0600 and a directory the outbox makes 0700.
 */
public final class Outbox {

    private final Path dir;
    private final Session session = Session.getInstance(new Properties());

    public Outbox(Path dir) {
        this.dir = dir;
    }

    public Path write(Reply r) throws IOException {
        return write(r.messageId(), toBytes(r));
    }

    /** Writes already encoded bytes under the Message-ID's name. */
    public Path write(String messageId, byte[] bytes) throws IOException {
        if (!Files.isDirectory(dir)) {
            // Mail waiting to be sent is fsnbot's alone; each file is 0600 already (a temporary file's mode).
            Files.createDirectories(dir);
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        }
        String name = messageId.replaceAll("[^A-Za-z0-9.@_-]", "") + ".eml";
        Path tmp = Files.createTempFile(dir, ".writing-", ".tmp");
        try {
            Files.write(tmp, bytes);
            return Files.move(tmp, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    public byte[] toBytes(Reply r) throws IOException {
        try {
            MimeMessage m = new FixedIdMessage(session, r.messageId());
            m.setFrom(new InternetAddress(r.from()));
            for (String to : r.to()) {
                m.addRecipient(Message.RecipientType.TO, new InternetAddress(to));
            }
            for (String cc : r.cc()) {
                m.addRecipient(Message.RecipientType.CC, new InternetAddress(cc));
            }
            m.setSubject(r.subject(), "UTF-8");
            m.setSentDate(new Date());
            if (r.inReplyTo() != null) {
                m.setHeader("In-Reply-To", r.inReplyTo());
            }
            if (!r.references().isEmpty()) {
                m.setHeader("References", String.join(" ", r.references()));
            }
            boolean ascii = r.body().chars().allMatch(c -> c < 128);
            m.setText(r.body(), ascii ? "us-ascii" : "UTF-8", "plain");
            // 8bit keeps a non-ASCII reply readable as sent; our lines are at most 998 octets.
            m.setHeader("Content-Transfer-Encoding", ascii ? "7bit" : "8bit");
            m.setHeader("X-Mailer", "fsnbot");
            // RFC 3834: no vacation responder or other robot answers us, and
            // none of our mails is mistaken for a person's.
            m.setHeader("Auto-Submitted", r.inReplyTo() != null ? "auto-replied" : "auto-generated");
            m.saveChanges();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            m.writeTo(out);
            return out.toByteArray();
        } catch (MessagingException e) {
            throw new IOException("cannot encode reply " + r.messageId() + ": " + e.getMessage(), e);
        }
    }

    /** Keeps our Message-ID: MimeMessage would otherwise invent one on saveChanges. */
    private static final class FixedIdMessage extends MimeMessage {
        private final String id;

        FixedIdMessage(Session s, String id) {
            super(s);
            this.id = id;
        }

        @Override
        protected void updateMessageID() throws MessagingException {
            setHeader("Message-ID", id);
        }
    }
}
