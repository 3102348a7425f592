package org.fsnbot.boot;

import java.util.Locale;

/**
 * How much of one boot's wall time the runner's CPUs were not the boot's
 * alone: the share in which some runnable task waited for a CPU (PSI,
 * /proc/pressure/cpu "some") and the share the hypervisor took (steal).
 * Under TCG a guest whose vCPU thread is preempted stalls in whatever
 * lock it holds, so another process's CPU time shows up in the figures
 * many times over: a boot measured on a busy runner is not a sample of
 * the kernel (docs/stats.md, "A quiet runner").
 */
public record HostPressure(boolean measured, double waitPct, double stealPct, double seconds) {

    /**
     * Stall a boot may have beyond its share: starting QEMU and booting the
     * guest competes with itself for a moment (50-70 ms measured here on
     * 2-second boots, 3-4% of them, against 1-1.6% of a 35-50 s boot).
     */
    public static final double GRACE_SECONDS = 0.2;

    public HostPressure {
        if (measured && !(waitPct >= 0 && stealPct >= 0 && seconds >= 0 && Double.isFinite(waitPct + stealPct))) {
            throw new IllegalArgumentException("pressure shares are finite and >= 0: " + waitPct + ", " + stealPct);
        }
    }

    /** Where the host cannot tell (no PSI): never judged busy, and said so. */
    public static HostPressure unmeasured() {
        return new HostPressure(false, 0, 0, 0);
    }

    public double pct() {
        return waitPct + stealPct;
    }

    /** Whether the boot's figures are another load's as much as the kernel's: over limitPct and the grace. */
    public boolean over(double limitPct) {
        return measured && pct() / 100 * seconds > limitPct / 100 * seconds + GRACE_SECONDS;
    }

    /** "CPU pressure 16.1% of the boot (waiting 16.0%, steal 0.1%)". */
    public String describe() {
        if (!measured) {
            return "CPU pressure not measured (no /proc/pressure/cpu)";
        }
        return String.format(Locale.ROOT, "CPU pressure %.1f%% of the boot (waiting %.1f%%, steal %.1f%%)", pct(),
                waitPct, stealPct);
    }
}
