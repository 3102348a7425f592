package org.fsnbot.job;

import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import java.util.List;
import java.util.Objects;
import org.fsnbot.intake.PatchMail;

/** Where a job's result goes. */
public sealed interface ReplyRoute {

    /** In the thread of a mail: the series' cover letter or first patch, or the command that asked. */
    record UnderMail(PatchMail mail) implements ReplyRoute {
        public UnderMail {
            Objects.requireNonNull(mail);
        }
    }

    /** A thread of its own (a watched tree's new head has no mail to answer). */
    record NewThread(List<String> to) implements ReplyRoute {
        public NewThread {
            to = List.copyOf(to);
            if (to.isEmpty()) {
                throw new IllegalArgumentException("a tree report needs a recipient");
            }
            // Checked here, not when the report is written: a bad address
            // found after the builds and boots would throw their work away.
            for (String a : to) {
                try {
                    new InternetAddress(a, true).validate();
                } catch (AddressException e) {
                    throw new IllegalArgumentException("not a mail address: " + a, e);
                }
            }
        }
    }

    /** Nobody: the caller reads the result itself (a calibration). */
    record Nowhere() implements ReplyRoute {
    }
}
