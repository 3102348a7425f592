package org.fsnbot.commands;

import java.io.IOException;
import org.fsnbot.intake.CommandMention;
import org.fsnbot.intake.MalformedMailException;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.mail.ImapMailbox;
import org.fsnbot.store.CommandStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads new mail in fsnbot's own IMAP mailbox (commands addressed to it
 * arrive there) and keeps what has #fsnbot lines for the desk to answer;
 * where reading stopped is kept in the store.
 */
public final class ImapCommands {

    private static final Logger log = LoggerFactory.getLogger(ImapCommands.class);

    private final ImapMailbox box;
    private final String name;
    private final CommandStore commands;
    private final MboxReader reader;
    private final CommandMention mention;

    public ImapCommands(ImapMailbox box, String name, CommandStore commands, MboxReader reader) {
        this.box = box;
        this.name = name;
        this.commands = commands;
        this.reader = reader;
        this.mention = new CommandMention(reader);
    }

    /** Reads what arrived since the last read; returns how many mails with #fsnbot lines were kept. */
    public int read() throws IOException {
        ImapMailbox.Batch batch = box.since(commands.imapCursor(name).orElse(null));
        int kept = 0;
        for (byte[] raw : batch.messages()) {
            try {
                PatchMail m = reader.parse(raw);
                if (mention.in(raw) && commands.add(m.messageId(), "imap", raw)) {
                    kept++;
                }
            } catch (MalformedMailException e) {
                log.warn("IMAP message skipped: {}", e.getMessage());
            }
        }
        commands.saveImapCursor(name, batch.next());
        if (kept > 0) {
            log.info("{} mail(s) with #fsnbot lines from IMAP", kept);
        }
        return kept;
    }
}
