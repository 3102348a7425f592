package org.fsnbot.qualify;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The host checks LKP and mmtests make before they trust a machine's
 * figures (KVM, the PMU, NUMA nodes, the CPU governor, turbo, SMT,
 * isolated CPUs, transparent huge pages, the clocksource), read from
 * /dev, /sys and /proc under a root: "/" on the runner, a fake tree in
 * tests. Frequency, SMT, isolation and THP move wall-clock figures only;
 * on QEMU's instruction clock a time is an instruction count, so there
 * they are facts, not things to change.
 */
public final class HostChecks {

    private static final Pattern NODE = Pattern.compile("node(\\d{1,4})");
    private static final Pattern CPU = Pattern.compile("cpu(\\d{1,5})");
    private static final Pattern SELECTED = Pattern.compile("\\[([a-z+]{1,32})]");
    private static final String COUNTS = "an instruction count does not move with it";

    private final Path root;

    public HostChecks(Path root) {
        this.root = root;
    }

    /**
     * Every check, judged for a runner that measures instructions (QEMU's
     * instruction clock) or wall time, whose jobs ask for guests of up to
     * nodesAsked NUMA nodes; kvmRefusal is why a probe's KVM guest did not
     * boot, empty when one did.
     */
    public List<HostCheck> run(boolean instructionClock, int nodesAsked, Optional<String> kvmRefusal) {
        if (nodesAsked < 1) {
            throw new IllegalArgumentException("a guest has at least one NUMA node: " + nodesAsked);
        }
        List<HostCheck> out = new ArrayList<>();
        out.add(kvm(kvmRefusal));
        out.add(pmu(instructionClock));
        out.add(numa(nodesAsked));
        out.add(wallOnly(governor(), instructionClock));
        out.add(wallOnly(turbo(), instructionClock));
        out.add(wallOnly(smt(), instructionClock));
        out.add(wallOnly(isolated(), instructionClock));
        out.add(wallOnly(thp(), instructionClock));
        out.add(wallOnly(clocksource(), instructionClock));
        return out;
    }

    private static HostCheck wallOnly(HostCheck c, boolean instructionClock) {
        return instructionClock && c.status() == HostCheck.Status.CHANGE
                ? HostCheck.note(c.name(), c.found(), COUNTS + " (on wall time: " + c.change() + ")") : c;
    }

    HostCheck kvm(Optional<String> refusal) {
        Path dev = root.resolve("dev/kvm");
        if (!Files.exists(dev)) {
            return HostCheck.change("KVM", "no /dev/kvm",
                    "load kvm_intel or kvm_amd (on a VM: nested virtualisation); until then guests run under TCG");
        }
        if (!Files.isReadable(dev) || !Files.isWritable(dev)) {
            return HostCheck.change("KVM", "/dev/kvm not readable and writable by this user",
                    "add the runner's user to group kvm");
        }
        if (refusal.isPresent()) {
            return HostCheck.change("KVM", "/dev/kvm opens, but " + refusal.get(), "make KVM usable here (on a VM:"
                    + " nested virtualisation for this guest); until then guests run under TCG");
        }
        return HostCheck.ok("KVM", "a KVM guest boots");
    }

    HostCheck pmu(boolean instructionClock) {
        Path devices = root.resolve("sys/bus/event_source/devices");
        Optional<String> pmu = Stream.of("cpu", "cpu_core", "cpu_atom").filter(d -> Files.isDirectory(
                devices.resolve(d))).findFirst();
        if (pmu.isEmpty()) {
            String found = "no CPU PMU under /sys/bus/event_source/devices (no instructions counter)";
            return instructionClock ? HostCheck.note("PMU", found, "QEMU's instruction clock counts instead")
                    : HostCheck.change("PMU", found, "expose the PMU (bare metal, or the hypervisor's vPMU)"
                            + " to count instructions and cycles beside wall time");
        }
        Optional<String> paranoid = firstLine(root.resolve("proc/sys/kernel/perf_event_paranoid"));
        String found = "instructions counter (" + pmu.get() + "), perf_event_paranoid "
                + paranoid.orElse("unknown");
        if (paranoid.isPresent() && paranoid.get().matches("-?\\d{1,3}") && Integer.parseInt(paranoid.get()) > 2) {
            return HostCheck.change("PMU", found, "sysctl kernel.perf_event_paranoid=2 or lower");
        }
        return HostCheck.ok("PMU", found);
    }

    HostCheck numa(int nodesAsked) {
        TreeSet<Integer> nodes = numbered(root.resolve("sys/devices/system/node"), NODE);
        int n = Math.max(1, nodes.size());
        String found = n + " NUMA node" + (n == 1 ? "" : "s") + ", guests ask for up to " + nodesAsked;
        if (n >= nodesAsked) {
            return HostCheck.ok("NUMA", found);
        }
        return HostCheck.note("NUMA", found, "guests' nodes are emulated over " + n + " host node"
                + (n == 1 ? "" : "s") + ": placement is not measured here; pinned topologies need "
                + nodesAsked + " host nodes (a runner class with more sockets)");
    }

    HostCheck governor() {
        TreeSet<String> governors = new TreeSet<>();
        for (int cpu : numbered(root.resolve("sys/devices/system/cpu"), CPU)) {
            firstLine(root.resolve("sys/devices/system/cpu/cpu" + cpu + "/cpufreq/scaling_governor"))
                    .ifPresent(governors::add);
        }
        if (governors.isEmpty()) {
            return HostCheck.ok("governor", "no cpufreq here (a VM: its host sets the frequency)");
        }
        String found = String.join(", ", governors);
        return governors.equals(new TreeSet<>(List.of("performance"))) ? HostCheck.ok("governor", found)
                : HostCheck.change("governor", found, "cpupower frequency-set -g performance");
    }

    HostCheck turbo() {
        Optional<String> noTurbo = firstLine(root.resolve("sys/devices/system/cpu/intel_pstate/no_turbo"));
        if (noTurbo.isPresent()) {
            return noTurbo.get().equals("1") ? HostCheck.ok("turbo", "off (intel_pstate no_turbo 1)")
                    : HostCheck.change("turbo", "on (intel_pstate no_turbo " + noTurbo.get() + ")",
                            "echo 1 > /sys/devices/system/cpu/intel_pstate/no_turbo");
        }
        Optional<String> boost = firstLine(root.resolve("sys/devices/system/cpu/cpufreq/boost"));
        if (boost.isPresent()) {
            return boost.get().equals("0") ? HostCheck.ok("turbo", "off (cpufreq boost 0)")
                    : HostCheck.change("turbo", "on (cpufreq boost " + boost.get() + ")",
                            "echo 0 > /sys/devices/system/cpu/cpufreq/boost");
        }
        return HostCheck.ok("turbo", "no turbo control here (a VM: its host decides)");
    }

    HostCheck smt() {
        Optional<String> active = firstLine(root.resolve("sys/devices/system/cpu/smt/active"));
        Optional<String> control = firstLine(root.resolve("sys/devices/system/cpu/smt/control"));
        String found = "active " + active.orElse("unknown") + ", control " + control.orElse("unknown");
        if (active.isPresent() && active.get().equals("1")) {
            return HostCheck.change("SMT", found, "echo off > /sys/devices/system/cpu/smt/control, or pin"
                    + " guests to one thread per core: a sibling's work moves the other's figures");
        }
        return HostCheck.ok("SMT", found);
    }

    HostCheck isolated() {
        String list = firstLine(root.resolve("sys/devices/system/cpu/isolated")).orElse("");
        Optional<String> cmdline = firstLine(root.resolve("proc/cmdline"));
        String nohz = cmdline.map(HostChecks::nohzFull).orElse("");
        if (!list.isEmpty()) {
            return HostCheck.ok("isolated CPUs", list + (nohz.isEmpty() ? "" : ", nohz_full " + nohz));
        }
        return HostCheck.change("isolated CPUs", "none", "boot with isolcpus= and nohz_full= for the guests' CPUs"
                + " (runner.quiet then has less to wait for)");
    }

    private static String nohzFull(String cmdline) {
        for (String w : cmdline.split("\\s+")) {
            if (w.startsWith("nohz_full=")) {
                return w.substring("nohz_full=".length());
            }
        }
        return "";
    }

    HostCheck thp() {
        Optional<String> enabled = firstLine(root.resolve("sys/kernel/mm/transparent_hugepage/enabled"));
        Optional<String> mode = enabled.map(SELECTED::matcher).filter(Matcher::find).map(m -> m.group(1));
        if (mode.isEmpty()) {
            return HostCheck.ok("THP", "no transparent huge pages here");
        }
        return mode.get().equals("always") ? HostCheck.change("THP", "always",
                "echo madvise > /sys/kernel/mm/transparent_hugepage/enabled: khugepaged's collapses land in"
                        + " guests' boots at random") : HostCheck.ok("THP", mode.get());
    }

    HostCheck clocksource() {
        Optional<String> current = firstLine(root.resolve(
                "sys/devices/system/clocksource/clocksource0/current_clocksource"));
        if (current.isEmpty()) {
            return HostCheck.ok("clocksource", "unknown (no sysfs clocksource)");
        }
        String c = current.get();
        return c.equals("tsc") || c.equals("kvm-clock") || c.equals("arch_sys_counter") ? HostCheck.ok(
                "clocksource", c) : HostCheck.change("clocksource", c, "a slow clocksource makes every timestamp a"
                        + " trap: boot with tsc=reliable if the TSC is stable, or find why the kernel distrusts it");
    }

    private static TreeSet<Integer> numbered(Path dir, Pattern name) {
        TreeSet<Integer> out = new TreeSet<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (Stream<Path> s = Files.list(dir)) {
            s.forEach(p -> {
                Matcher m = name.matcher(p.getFileName().toString());
                if (m.matches() && Files.isDirectory(p)) {
                    out.add(Integer.parseInt(m.group(1)));
                }
            });
        } catch (IOException e) {
            return out;
        }
        return out;
    }

    /** A sysfs or procfs file's first line, trimmed; empty when it cannot be read. */
    private static Optional<String> firstLine(Path p) {
        try (Stream<String> lines = Files.lines(p, StandardCharsets.ISO_8859_1)) {
            return lines.findFirst().map(String::trim);
        } catch (IOException | java.io.UncheckedIOException e) {
            return Optional.empty();
        }
    }
}
