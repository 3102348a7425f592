package org.fsnbot.mail;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * How fsnbot mails: dry-run (the default: .eml files only) or smtp, the
 * servers, and the etiquette knobs. Passwords come from the config or,
 * by default, from the environment variable named, and never appear in
 * toString, logs or the store.
 */
public record MailSettings(Mode mode, Smtp smtp, Imap imap, Etiquette etiquette) {

    /** dry-run: replies are .eml files only; smtp: they are also sent. */
    public enum Mode {
        DRY_RUN, SMTP;

        public static Mode parse(String s) {
            String m = s == null ? "dry-run" : s.trim().toLowerCase(Locale.ROOT);
            return switch (m) {
                case "dry-run" -> DRY_RUN;
                case "smtp" -> SMTP;
                default -> throw new IllegalArgumentException("mail.mode must be dry-run or smtp: " + s);
            };
        }
    }

    /**
     * List manners: our Message-IDs' domain (empty: the From address's),
     * addresses never copied, authors who want no mail, whether replies
     * that found nothing go out, whether we keep a Bcc copy, the mailing
     * lists fsnbot writes to (a stranger's command is answered there and
     * only there), and the most recipients one mail may have.
     */
    public record Etiquette(String messageIdDomain, List<String> neverCc, List<String> optOutAuthors,
            boolean replyWhenNothingFound, boolean bccSelf, List<String> lists, Bounds bounds) {
        public static final Etiquette DEFAULT = new Etiquette("", List.of(), List.of(), false, true,
                List.of("linux-fsdevel@vger.kernel.org"), 20);

        /** With the default bound on replies per sender and hour. */
        public Etiquette(String messageIdDomain, List<String> neverCc, List<String> optOutAuthors,
                boolean replyWhenNothingFound, boolean bccSelf, List<String> lists, int maxRecipients) {
            this(messageIdDomain, neverCc, optOutAuthors, replyWhenNothingFound, bccSelf, lists,
                    new Bounds(maxRecipients, Bounds.REPLIES_PER_SENDER_HOUR));
        }

        /** To and Cc of one mail together, at most. */
        public int maxRecipients() {
            return bounds.maxRecipients();
        }

        /** Replies under the mails of one sender in any hour, at most (past it: kept, not sent). */
        public int maxRepliesPerSenderHour() {
            return bounds.maxRepliesPerSenderHour();
        }

        public Etiquette {
            messageIdDomain = messageIdDomain == null ? "" : messageIdDomain.trim();
            neverCc = lower(neverCc);
            optOutAuthors = lower(optOutAuthors);
            lists = lower(lists);
            java.util.Objects.requireNonNull(bounds);
        }
    }

    /** How many a mail reaches, and how many replies one sender's mails get an hour. */
    public record Bounds(int maxRecipients, int maxRepliesPerSenderHour) {
        public static final int REPLIES_PER_SENDER_HOUR = 6;

        public Bounds {
            if (maxRecipients < 1) {
                throw new IllegalArgumentException("mail.maxRecipients must be >= 1");
            }
            if (maxRepliesPerSenderHour < 1) {
                throw new IllegalArgumentException("mail.maxRepliesPerSenderHour must be >= 1");
            }
        }
    }

    public MailSettings {
        Objects.requireNonNull(mode);
        smtp = smtp == null ? new Smtp("", 587, true, "", "", "FSNBOT_SMTP_PASSWORD") : smtp;
        imap = imap == null ? new Imap("", 993, true, "", "", "FSNBOT_IMAP_PASSWORD", "INBOX") : imap;
        etiquette = etiquette == null ? Etiquette.DEFAULT : etiquette;
        if (mode == Mode.SMTP && smtp.host().isEmpty()) {
            throw new IllegalArgumentException("mail.mode smtp needs mail.smtp.host");
        }
    }

    public static MailSettings dryRun() {
        return new MailSettings(Mode.DRY_RUN, null, null, Etiquette.DEFAULT);
    }

    public boolean sends() {
        return mode == Mode.SMTP;
    }

    private static List<String> lower(List<String> l) {
        return l == null ? List.of() : l.stream().map(s -> s.trim().toLowerCase(Locale.ROOT)).toList();
    }

    /** The password: the configured one, else the named environment variable, else none. */
    static String secret(String configured, String env) {
        if (configured != null && !configured.isEmpty()) {
            return configured;
        }
        String v = env == null || env.isEmpty() ? null : System.getenv(env);
        return v == null ? "" : v;
    }

    /** The submission server. */
    public record Smtp(String host, int port, boolean starttls, String user, String password, String passwordEnv) {
        public Smtp {
            host = host == null ? "" : host.trim();
            user = user == null ? "" : user.trim();
            password = password == null ? "" : password;
            passwordEnv = passwordEnv == null ? "FSNBOT_SMTP_PASSWORD" : passwordEnv;
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("mail.smtp.port out of range: " + port);
            }
        }

        /** The password to log in with (config, else environment). */
        public String password() {
            return secret(password, passwordEnv);
        }

        @Override
        public String toString() {
            return "Smtp[" + host + ":" + port + (starttls ? " starttls" : "") + (user.isEmpty() ? "" : " user " + user)
                    + "]";
        }
    }

    /** The mailbox commands are read from (and our Bcc copies land in). */
    public record Imap(String host, int port, boolean ssl, String user, String password, String passwordEnv,
            String folder) {
        public Imap {
            host = host == null ? "" : host.trim();
            user = user == null ? "" : user.trim();
            password = password == null ? "" : password;
            passwordEnv = passwordEnv == null ? "FSNBOT_IMAP_PASSWORD" : passwordEnv;
            folder = folder == null || folder.isBlank() ? "INBOX" : folder;
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("mail.imap.port out of range: " + port);
            }
        }

        public boolean configured() {
            return !host.isEmpty();
        }

        public String password() {
            return secret(password, passwordEnv);
        }

        @Override
        public String toString() {
            return "Imap[" + host + ":" + port + (ssl ? " ssl" : "") + (user.isEmpty() ? "" : " user " + user) + " "
                    + folder + "]";
        }
    }
}
