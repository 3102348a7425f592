package org.fsnbot.report;

import java.util.Locale;

/**
 * A table row's name as a reader reads it: "clients=1" and
 * "mode=none fs=tmpfs" rather than a workload's column title followed by
 * its values ("Clients 1", "mode fs: none tmpfs").
 */
public final class RowLabel {

    private RowLabel() {
    }

    public static String of(String label, String variant) {
        String[] names = label.trim().toLowerCase(Locale.ROOT).split("\\s+");
        String[] values = variant.trim().split("\\s+");
        if (names.length != values.length || label.isBlank()) {
            return (label + " " + variant).trim();
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < names.length; i++) {
            sb.append(i > 0 ? " " : "").append(names[i]).append('=').append(values[i]);
        }
        return sb.toString();
    }
}
