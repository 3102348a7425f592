package org.fsnbot.mail;

import jakarta.mail.Address;
import jakarta.mail.MessagingException;
import jakarta.mail.SendFailedException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import java.util.Properties;

/**
 * SMTP submission through Jakarta Mail: port 587 with STARTTLS required by
 * default, AUTH when a user is configured. The password is handed to the
 * transport and nowhere else.
 */
public final class SmtpSender implements MailSender {

    private final MailSettings.Smtp smtp;
    private final Session session;

    public SmtpSender(MailSettings.Smtp smtp) {
        this.smtp = smtp;
        Properties p = new Properties();
        p.setProperty("mail.smtp.host", smtp.host());
        p.setProperty("mail.smtp.port", Integer.toString(smtp.port()));
        p.setProperty("mail.smtp.starttls.enable", Boolean.toString(smtp.starttls()));
        p.setProperty("mail.smtp.starttls.required", Boolean.toString(smtp.starttls()));
        p.setProperty("mail.smtp.auth", Boolean.toString(!smtp.user().isEmpty()));
        p.setProperty("mail.smtp.connectiontimeout", "30000");
        p.setProperty("mail.smtp.timeout", "120000");
        this.session = Session.getInstance(p);
    }

    @Override
    public void send(String messageId, byte[] raw, List<String> envelope) throws IOException {
        try {
            MimeMessage m = new MimeMessage(session, new ByteArrayInputStream(raw));
            Address[] to = new Address[envelope.size()];
            for (int i = 0; i < to.length; i++) {
                to[i] = new InternetAddress(envelope.get(i));
            }
            try (Transport t = session.getTransport("smtp")) {
                try {
                    t.connect(smtp.host(), smtp.port(), smtp.user().isEmpty() ? null : smtp.user(),
                            smtp.user().isEmpty() ? null : smtp.password());
                } catch (MessagingException e) {
                    throw new NotSentException("SMTP " + smtp.host() + ":" + smtp.port() + ": cannot connect or log"
                            + " in: " + e.getMessage(), e);
                }
                t.sendMessage(m, to);
            }
        } catch (SendFailedException e) {
            // Refused at MAIL FROM or RCPT TO, before the data: nobody got it.
            if (e.getValidSentAddresses() == null || e.getValidSentAddresses().length == 0) {
                throw new NotSentException("SMTP " + smtp.host() + " refused " + messageId + ": " + e.getMessage(),
                        e);
            }
            throw new IOException("SMTP " + smtp.host() + " refused " + messageId + " for some recipients: "
                    + e.getMessage(), e);
        } catch (MessagingException e) {
            throw new IOException("SMTP " + smtp.host() + ":" + smtp.port() + " refused " + messageId + ": "
                    + e.getMessage(), e);
        }
    }
}
