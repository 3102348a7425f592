package org.fsnbot.intake;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * The one test of whether a mail may hold #fsnbot commands, for lore and
 * IMAP alike: a line of its inline text, as the reader decodes it, that
 * starts with the tag. The command parser then reads such mails properly
 * and ignores false alarms.
 */
public final class CommandMention {

    public static final String TAG = "#fsnbot";

    /**
     * Where the raw bytes show neither the tag nor an encoding that could
     * hide it, decoding cannot find one; that spares the MIME parse for
     * almost every mail an archive holds.
     */
    private static final Pattern MAY_HIDE_TEXT = Pattern.compile(
            "(?im)^content-transfer-encoding:\\s*\"?(base64|quoted-printable|x-uuencode|uuencode|x-uue)");

    private final MboxReader reader;

    public CommandMention(MboxReader reader) {
        this.reader = reader;
    }

    /** Whether the mail's inline text has a line starting with the tag. */
    public boolean in(byte[] raw) throws MalformedMailException {
        String text = new String(raw, StandardCharsets.ISO_8859_1);
        if (!text.contains(TAG) && !MAY_HIDE_TEXT.matcher(text).find()) {
            return false;
        }
        return inText(reader.body(raw));
    }

    /** Whether decoded text has a line starting with the tag. */
    public static boolean inText(String body) {
        for (String line : body.split("\n", -1)) {
            if (line.startsWith(TAG)) {
                return true;
            }
        }
        return false;
    }
}
