package org.fsnbot.report;

import java.util.Locale;

/** Number formats shared by the report tables. */
public final class Numbers {

    private Numbers() {
    }

    /** Four significant digits, enough for the noise we can resolve. */
    public static String value(double v) {
        double a = Math.abs(v);
        if (a >= 10000) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a >= 100) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (a >= 1) {
            return String.format(Locale.ROOT, "%.3f", v);
        }
        return String.format(Locale.ROOT, "%.4f", v);
    }

    public static String pct(double p) {
        if (Double.isInfinite(p)) {
            return p > 0 ? "+inf" : "-inf";
        }
        return String.format(Locale.ROOT, "%+.1f%%", p);
    }

    /** A change's interval; "none" when there is none (fewer than two boots a side, or boots all equal). */
    public static String interval(double lo, double hi) {
        if (Double.isInfinite(hi) && lo <= -100) {
            return "none";
        }
        return "[" + pct(lo) + ", " + pct(hi) + "]";
    }

    /** Relative standard deviation, the "noise" column. */
    static String cv(double mean, double sd) {
        return mean == 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * sd / mean);
    }
}
