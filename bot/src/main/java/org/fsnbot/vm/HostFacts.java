package org.fsnbot.vm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.fsnbot.plan.HostTopology;

/**
 * What a reader of a result asks about the machine it came from: the CPU
 * model, how many CPUs and how much memory the host has, and the QEMU
 * that booted the kernels. Read once per process from /proc and QEMU.
 */
public record HostFacts(String cpu, int cpus, long memoryBytes, String qemu, HostTopology topology) {

    public HostFacts {
        Objects.requireNonNull(cpu);
        Objects.requireNonNull(qemu);
        Objects.requireNonNull(topology);
        if (cpus < 1 || memoryBytes < 0) {
            throw new IllegalArgumentException("a host has CPUs and memory: " + cpus + ", " + memoryBytes);
        }
    }

    /** This machine, with the version line of the QEMU binary given ("unknown" when it does not answer). */
    public static HostFacts probe(String qemuBinary) {
        return new HostFacts(cpuModel(read(Path.of("/proc/cpuinfo"))), Runtime.getRuntime().availableProcessors(),
                memTotal(read(Path.of("/proc/meminfo"))), qemuVersion(qemuBinary), HostTopology.readOrGuess());
    }

    /** "Intel(R) Xeon(R) ..., 2 CPUs, 7.8 GiB, 1 NUMA node": one line of a reply. */
    public String describe() {
        int n = topology.nodes().size();
        return String.format(Locale.ROOT, "%s, %d CPUs, %.1f GiB, %d NUMA node%s", cpu, cpus,
                memoryBytes / (1024.0 * 1024 * 1024), n, n == 1 ? "" : "s");
    }

    static String cpuModel(List<String> cpuinfo) {
        for (String l : cpuinfo) {
            if (l.startsWith("model name") && l.indexOf(':') > 0) {
                return l.substring(l.indexOf(':') + 1).trim().replaceAll("\\s+", " ");
            }
        }
        return "unknown CPU";
    }

    static long memTotal(List<String> meminfo) {
        for (String l : meminfo) {
            String[] f = l.trim().split("\\s+");
            if (f.length >= 2 && f[0].equals("MemTotal:") && f[1].matches("\\d{1,15}")) {
                return Long.parseLong(f[1]) * 1024;
            }
        }
        return 0;
    }

    private static List<String> read(Path p) {
        try {
            return Files.readAllLines(p, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            return List.of();
        }
    }

    private static String qemuVersion(String binary) {
        try {
            Process p = new ProcessBuilder(binary, "--version").redirectErrorStream(true).start();
            String first = new String(p.getInputStream().readNBytes(4096), StandardCharsets.UTF_8).lines()
                    .findFirst().orElse("").trim();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "unknown (" + binary + " --version did not answer)";
            }
            return first.isEmpty() ? "unknown" : first;
        } catch (IOException e) {
            return "unknown (" + binary + ": " + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }
}
