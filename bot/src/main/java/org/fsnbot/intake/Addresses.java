package org.fsnbot.intake;

import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import java.util.Locale;

/** Mail addresses compared the way people mean them: the bare address, lower case. */
public final class Addresses {

    private Addresses() {
    }

    /** "Jan Kara <JACK@suse.cz>" -> "jack@suse.cz"; what cannot be parsed is trimmed and lower-cased. */
    public static String bare(String address) {
        try {
            return new InternetAddress(address).getAddress().toLowerCase(Locale.ROOT);
        } catch (AddressException e) {
            return address.trim().toLowerCase(Locale.ROOT);
        }
    }
}
