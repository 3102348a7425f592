package org.fsnbot.testing;

import com.icegreen.greenmail.store.FolderListener;
import com.icegreen.greenmail.user.GreenMailUser;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import com.icegreen.greenmail.util.ServerSetupTest;
import jakarta.mail.Flags;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * GreenMail SMTP and IMAP in process on free ports, with fsnbot's own
 * mailbox (which needs a password, like a real one).
 */
public final class MailServer implements AutoCloseable {

    public static final String BOT = "fsnbot@fsnbot.test";
    public static final String BOT_PASSWORD = "s3cret-Pw-9f2c";

    private final GreenMail gm;

    public MailServer() {
        gm = new GreenMail(ServerSetup.dynamicPort(ServerSetupTest.SMTP_IMAP));
        gm.start();
        gm.setUser(BOT, "fsnbot", BOT_PASSWORD);
    }

    public int smtpPort() {
        return gm.getSmtp().getPort();
    }

    public int imapPort() {
        return gm.getImap().getPort();
    }

    /** The mail: section of an fsnbot config that uses this server. */
    public String mailConfig() {
        return String.join("\n",
                "mail:",
                "  mode: smtp",
                "  smtp: {host: 127.0.0.1, port: " + smtpPort() + ", starttls: false, user: fsnbot, password: \""
                        + BOT_PASSWORD + "\"}",
                "  imap: {host: 127.0.0.1, port: " + imapPort() + ", ssl: false, user: fsnbot, password: \""
                        + BOT_PASSWORD + "\"}",
                "  messageIdDomain: fsnbot.test",
                "");
    }

    /**
     * Runs action in the server's own thread as soon as a message is
     * stored in address's mailbox, before the server answers the client's
     * DATA: the moment a crash would hurt most.
     */
    public void onDelivery(String address, Runnable action) throws Exception {
        GreenMailUser user = gm.setUser(address, address, "x");
        gm.getManagers().getImapHostManager().getInbox(user).addListener(new FolderListener() {
            @Override
            public void expunged(int msn) {
            }

            @Override
            public void added(int msn) {
                action.run();
            }

            @Override
            public void flagsUpdated(int msn, Flags flags, Long uid) {
            }

            @Override
            public void mailboxDeleted() {
            }
        });
    }

    /** Copies of a Message-ID in one recipient's mailbox. */
    public List<MimeMessage> inMailbox(String address, String messageId) {
        return gm.findReceivedMessages(u -> u.getEmail().equalsIgnoreCase(address), m -> {
            try {
                return messageId.equals(m.getMessageID());
            } catch (MessagingException e) {
                return false;
            }
        }).collect(Collectors.toList());
    }

    /** Every mail in one recipient's mailbox answering a Message-ID. */
    public List<MimeMessage> repliesTo(String address, String messageId) {
        return gm.findReceivedMessages(u -> u.getEmail().equalsIgnoreCase(address), m -> {
            try {
                return messageId.equals(m.getHeader("In-Reply-To", null));
            } catch (MessagingException e) {
                return false;
            }
        }).collect(Collectors.toList());
    }

    /** Every mail delivered, a copy per recipient's mailbox. */
    public List<MimeMessage> all() {
        return List.of(gm.getReceivedMessages());
    }

    /** The addresses of every mailbox on the server (one is made at a mail's first delivery to it). */
    public List<String> mailboxes() {
        return gm.getUserManager().listUser().stream().map(GreenMailUser::getEmail).collect(Collectors.toList());
    }

    /** Sends raw RFC 822 text as it is (header order kept) to the envelope recipients given. */
    public void sendRaw(String envelopeFrom, List<String> envelopeTo, String raw) throws MessagingException {
        Properties p = new Properties();
        p.setProperty("mail.smtp.host", "127.0.0.1");
        p.setProperty("mail.smtp.port", Integer.toString(smtpPort()));
        p.setProperty("mail.smtp.from", envelopeFrom);
        Session s = Session.getInstance(p);
        MimeMessage m = new MimeMessage(s, new ByteArrayInputStream(raw.replace("\n", "\r\n")
                .getBytes(StandardCharsets.UTF_8))) {
            @Override
            protected void updateMessageID() {
                // The Message-ID the text holds is the one the test follows.
            }
        };
        InternetAddress[] to = new InternetAddress[envelopeTo.size()];
        for (int i = 0; i < to.length; i++) {
            to[i] = new InternetAddress(envelopeTo.get(i));
        }
        Transport.send(m, to);
    }

    /** Sends a mail as a person would, through the server's SMTP. */
    public void send(String from, List<String> to, String subject, String messageId, String inReplyTo,
            String references, String body) throws MessagingException {
        Properties p = new Properties();
        p.setProperty("mail.smtp.host", "127.0.0.1");
        p.setProperty("mail.smtp.port", Integer.toString(smtpPort()));
        Session s = Session.getInstance(p);
        MimeMessage m = new MimeMessage(s) {
            @Override
            protected void updateMessageID() throws MessagingException {
                setHeader("Message-ID", messageId);
            }
        };
        m.setFrom(new InternetAddress(from));
        for (String t : to) {
            m.addRecipient(Message.RecipientType.TO, new InternetAddress(t));
        }
        m.setSubject(subject);
        if (inReplyTo != null) {
            m.setHeader("In-Reply-To", inReplyTo);
            m.setHeader("References", references);
        }
        m.setText(body, "UTF-8");
        Transport.send(m);
    }

    @Override
    public void close() {
        gm.stop();
    }
}
