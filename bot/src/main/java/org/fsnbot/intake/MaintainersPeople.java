package org.fsnbot.intake;

import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/** The M: and R: people of chosen MAINTAINERS entries, by bare lower-case address. */
public final class MaintainersPeople {

    private final Set<String> addresses;

    private MaintainersPeople(Set<String> addresses) {
        this.addresses = Set.copyOf(addresses);
    }

    public static MaintainersPeople parse(String maintainers, Set<String> entries) {
        Set<String> out = new LinkedHashSet<>();
        for (char letter : new char[] {'M', 'R'}) {
            for (String v : MaintainersFile.fields(maintainers, entries, letter)) {
                try {
                    out.add(new InternetAddress(v).getAddress().toLowerCase(Locale.ROOT));
                } catch (AddressException e) {
                    // A malformed line names nobody we could authorise.
                }
            }
        }
        return new MaintainersPeople(out);
    }

    public boolean contains(String bareAddress) {
        return addresses.contains(bareAddress.toLowerCase(Locale.ROOT));
    }

    public Set<String> addresses() {
        return addresses;
    }
}
