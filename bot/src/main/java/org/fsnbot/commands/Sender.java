package org.fsnbot.commands;

import java.util.Locale;
import java.util.Objects;

/**
 * Who sent a command: the From address, and whether a mail server fsnbot
 * trusts authenticated it (intake.AuthenticationResults). An
 * unauthenticated sender is a stranger, whatever the From line says.
 */
public record Sender(String address, boolean authenticated) {
    public Sender {
        address = Objects.requireNonNull(address, "address").trim().toLowerCase(Locale.ROOT);
    }
}
