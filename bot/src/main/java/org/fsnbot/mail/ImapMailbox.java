package org.fsnbot.mail;

import jakarta.mail.FetchProfile;
import jakarta.mail.Folder;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Store;
import jakarta.mail.UIDFolder;
import jakarta.mail.search.HeaderTerm;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * fsnbot's own IMAP mailbox: where #fsnbot commands addressed to it
 * arrive, and where the Bcc copy of every mail it sends lands (which is
 * how a restart knows a mail was delivered).
 */
public final class ImapMailbox implements DeliveryCheck {

    /** Where reading stopped: the folder's UIDVALIDITY and the last UID read. */
    public record Cursor(long uidValidity, long lastUid) {
    }

    /** New messages and the cursor after them. */
    public record Batch(List<byte[]> messages, Cursor next) {
        public Batch {
            messages = List.copyOf(messages);
        }
    }

    private final MailSettings.Imap imap;
    private final Session session;

    public ImapMailbox(MailSettings.Imap imap) {
        if (!imap.configured()) {
            throw new IllegalArgumentException("no IMAP host configured");
        }
        this.imap = imap;
        Properties p = new Properties();
        String proto = protocol();
        p.setProperty("mail." + proto + ".connectiontimeout", "30000");
        p.setProperty("mail." + proto + ".timeout", "120000");
        this.session = Session.getInstance(p);
    }

    private String protocol() {
        return imap.ssl() ? "imaps" : "imap";
    }

    @Override
    public boolean delivered(String messageId) throws IOException {
        try (Store store = connect(); Folder f = open(store, Folder.READ_ONLY)) {
            return f.search(new HeaderTerm("Message-ID", messageId)).length > 0;
        } catch (MessagingException e) {
            throw new IOException("IMAP " + imap.host() + ": " + e.getMessage(), e);
        }
    }

    /** Messages with a UID after the cursor (all of them when UIDVALIDITY changed). */
    public Batch since(Cursor cursor) throws IOException {
        try (Store store = connect(); Folder f = open(store, Folder.READ_ONLY)) {
            UIDFolder uf = (UIDFolder) f;
            long validity = uf.getUIDValidity();
            long from = cursor != null && cursor.uidValidity() == validity ? cursor.lastUid() + 1 : 1;
            Message[] msgs = uf.getMessagesByUID(from, UIDFolder.LASTUID);
            FetchProfile fp = new FetchProfile();
            fp.add(UIDFolder.FetchProfileItem.UID);
            f.fetch(msgs, fp);
            List<byte[]> out = new ArrayList<>();
            long last = from - 1;
            for (Message m : msgs) {
                long uid = uf.getUID(m);
                if (uid < from) {
                    continue;
                }
                ByteArrayOutputStream b = new ByteArrayOutputStream();
                m.writeTo(b);
                out.add(b.toByteArray());
                last = Math.max(last, uid);
            }
            return new Batch(out, new Cursor(validity, Math.max(last, cursor == null ? 0 : from - 1)));
        } catch (MessagingException e) {
            throw new IOException("IMAP " + imap.host() + ": " + e.getMessage(), e);
        }
    }

    private Store connect() throws MessagingException {
        Store s = session.getStore(protocol());
        s.connect(imap.host(), imap.port(), imap.user(), imap.password());
        return s;
    }

    private Folder open(Store s, int mode) throws MessagingException {
        Folder f = s.getFolder(imap.folder());
        f.open(mode);
        return f;
    }
}
