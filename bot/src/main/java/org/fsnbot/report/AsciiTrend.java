package org.fsnbot.report;

import java.util.OptionalDouble;
import java.util.List;

/**
 * A trend line a plain-text mail can carry: one character per week, its
 * height the week's value between the window's lowest and highest, a space
 * for a week with no measurement. ASCII only: mail readers and lore show
 * it the same.
 */
public final class AsciiTrend {

    private static final String LEVELS = "_.-=^";

    private AsciiTrend() {
    }

    public static String of(List<OptionalDouble> weeks) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (OptionalDouble w : weeks) {
            if (w.isPresent()) {
                lo = Math.min(lo, w.getAsDouble());
                hi = Math.max(hi, w.getAsDouble());
            }
        }
        StringBuilder sb = new StringBuilder("|");
        for (OptionalDouble w : weeks) {
            if (w.isEmpty()) {
                sb.append(' ');
            } else if (hi - lo < 1e-12 * Math.abs(hi)) {
                sb.append(LEVELS.charAt(LEVELS.length() / 2));
            } else {
                int i = (int) Math.round((w.getAsDouble() - lo) / (hi - lo) * (LEVELS.length() - 1));
                sb.append(LEVELS.charAt(i));
            }
        }
        return sb.append('|').toString();
    }
}
