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
import java.util.Date;
import java.util.Properties;

/**
 * The dry-run outbox: each reply becomes one .eml file, written to a
 * temporary name and renamed, so the directory never holds half a mail.
 */
public final class Outbox {

    private final Path dir;
    private final Session session = Session.getInstance(new Properties());

    public Outbox(Path dir) {
        this.dir = dir;
    }

    public Path write(Reply r) throws IOException {
        byte[] bytes = toBytes(r);
        Files.createDirectories(dir);
        String name = r.messageId().replaceAll("[^A-Za-z0-9.@_-]", "") + ".eml";
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
            m.setText(r.body(), "UTF-8", "plain");
            m.setHeader("X-Mailer", "fsnbot");
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
