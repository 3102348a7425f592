package org.fsnbot.vm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.fsnbot.boot.HostPressure;

/**
 * Reads the host's CPU pressure over an interval: the cumulative "some"
 * stall time of /proc/pressure/cpu (microseconds in which at least one
 * runnable task waited for a CPU) and the steal ticks of /proc/stat, at
 * the start and at the end. Both are system-wide, so they see whatever
 * competes with a boot, inside a sandbox or a container or outside.
 * Steal is the share of the host's CPU time the hypervisor took: the
 * aggregate line sums every CPU's ticks, so it is divided by the CPUs
 * (read as a share of wall time it said 43% on a 2-CPU runner that lost
 * 22% of each CPU, and would say 64% on a 64-CPU host losing 1%).
 */
public final class PressureGauge {

    /**
     * /proc/stat counts in USER_HZ, which the kernel fixes at 100 on every
     * architecture fsnbot runs on (it is the ABI, whatever CONFIG_HZ is).
     */
    private static final double MICROS_PER_TICK = 10_000;

    private final Path proc;

    public PressureGauge(Path proc) {
        this.proc = proc;
    }

    public static PressureGauge system() {
        return new PressureGauge(Path.of("/proc"));
    }

    /** The counters at one moment; available is false where the kernel has no PSI. */
    public record Reading(boolean available, long someMicros, long stealTicks, int cpus, long nanos) {
    }

    public Reading read() {
        long now = System.nanoTime();
        try {
            long some = someTotal(Files.readAllLines(proc.resolve("pressure/cpu")));
            List<String> stat = Files.readAllLines(proc.resolve("stat"));
            return new Reading(true, some, steal(stat), cpus(stat), now);
        } catch (IOException | RuntimeException e) {
            return new Reading(false, 0, 0, 1, now);
        }
    }

    /** The pressure between start and now. */
    public HostPressure since(Reading start) {
        Reading end = read();
        double micros = (end.nanos() - start.nanos()) / 1000.0;
        if (!start.available() || !end.available() || !(micros > 0)) {
            return HostPressure.unmeasured();
        }
        double wait = Math.max(0, end.someMicros() - start.someMicros()) * 100 / micros;
        double steal = Math.max(0, end.stealTicks() - start.stealTicks()) * MICROS_PER_TICK * 100
                / (micros * end.cpus());
        return new HostPressure(true, Math.min(100, wait), Math.min(100, steal), micros / 1e6);
    }

    /**
     * The pressure over a window from now: the gauge waits it out, as a
     * pressure is a share of time. Interrupted, it says so by the flag and
     * measures what passed.
     */
    public HostPressure over(Duration window) {
        Reading start = read();
        try {
            Thread.sleep(window.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return since(start);
    }

    /** "some avg10=0.20 avg60=1.89 avg300=2.45 total=34571123": the total. */
    static long someTotal(List<String> pressure) {
        for (String line : pressure) {
            if (line.startsWith("some ")) {
                for (String field : line.trim().split("\\s+")) {
                    if (field.startsWith("total=")) {
                        return Long.parseLong(field.substring("total=".length()));
                    }
                }
            }
        }
        throw new IllegalArgumentException("no 'some ... total=' line");
    }

    /** "cpu  user nice system idle iowait irq softirq steal ...": the eighth number. */
    static long steal(List<String> stat) {
        for (String line : stat) {
            if (line.startsWith("cpu ")) {
                String[] f = line.trim().split("\\s+");
                return f.length > 8 ? Long.parseLong(f[8]) : 0;
            }
        }
        throw new IllegalArgumentException("no aggregate cpu line");
    }

    /** The online CPUs: one "cpuN" line each. */
    static int cpus(List<String> stat) {
        int n = (int) stat.stream().filter(l -> l.length() > 3 && l.startsWith("cpu") && Character.isDigit(l.charAt(3)))
                .count();
        if (n == 0) {
            throw new IllegalArgumentException("no per-CPU line");
        }
        return n;
    }
}
