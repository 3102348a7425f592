package org.fsnbot.plan;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The host's CPU and memory layout as sysfs tells it: every online CPU
 * with its socket (physical package) and core, and every NUMA node with
 * its CPUs, its memory and its distances to the others. A runner records
 * it at start (docs/fleet.md); a job's routing reads the node count; the
 * NUMA planner (NumaPlan) maps a guest onto it. Read from a root given
 * (the real /sys, or a recorded tree in a test).
 */
public record HostTopology(List<Cpu> cpus, List<Node> nodes, boolean numa) {

    /** One online logical CPU: its number, socket and core (SMT siblings share a core). */
    public record Cpu(int id, int socket, int core) {
    }

    /** One NUMA node: its CPUs, its memory in MiB, and its distance to each node (by node order). */
    public record Node(int id, List<Integer> cpus, long memoryMiB, List<Integer> distances) {
        public Node {
            cpus = List.copyOf(cpus);
            distances = List.copyOf(distances);
        }
    }

    /** numa: the kernel shows its nodes in sysfs (so memory can be bound to one); false: one node of all. */
    public HostTopology {
        cpus = List.copyOf(cpus);
        nodes = List.copyOf(nodes);
        if (cpus.isEmpty() || nodes.isEmpty()) {
            throw new IllegalArgumentException("a host has CPUs and at least one node");
        }
    }

    public int sockets() {
        return (int) cpus.stream().map(Cpu::socket).distinct().count();
    }

    /** Physical cores: distinct (socket, core) pairs. */
    public int cores() {
        Set<List<Integer>> seen = new HashSet<>();
        for (Cpu c : cpus) {
            seen.add(List.of(c.socket(), c.core()));
        }
        return seen.size();
    }

    public long memoryMiB() {
        return nodes.stream().mapToLong(Node::memoryMiB).sum();
    }

    /** This host, from /sys (and /proc/meminfo when the kernel has no NUMA nodes in sysfs). */
    public static HostTopology read() throws IOException {
        return read(Path.of("/sys"), Path.of("/proc/meminfo"));
    }

    /** This host, or, where sysfs cannot be read, one node of the CPUs the JVM sees and no memory known. */
    public static HostTopology readOrGuess() {
        try {
            return read();
        } catch (IOException | RuntimeException e) {
            List<Cpu> cpus = new ArrayList<>();
            List<Integer> ids = new ArrayList<>();
            for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
                cpus.add(new Cpu(i, 0, i));
                ids.add(i);
            }
            return new HostTopology(cpus, List.of(new Node(0, ids, 0, List.of(10))), false);
        }
    }

    /** "2 sockets, 16 cores, 32 CPUs, 2 NUMA nodes": the host's shape in one phrase. */
    public String describe() {
        return sockets() + " socket" + (sockets() == 1 ? "" : "s") + ", " + cores() + " cores, " + cpus.size()
                + " CPUs, " + nodes.size() + " NUMA node" + (nodes.size() == 1 ? "" : "s");
    }

    public static HostTopology read(Path sys, Path meminfo) throws IOException {
        Path cpuDir = sys.resolve("devices/system/cpu");
        List<Integer> online = cpuList(Files.readString(cpuDir.resolve("online")));
        List<Cpu> cpus = new ArrayList<>();
        for (int id : online) {
            Path t = cpuDir.resolve("cpu" + id).resolve("topology");
            int socket = Files.exists(t.resolve("physical_package_id")) ? intIn(t.resolve("physical_package_id")) : 0;
            int core = Files.exists(t.resolve("core_id")) ? intIn(t.resolve("core_id")) : id;
            cpus.add(new Cpu(id, socket, core));
        }
        Path nodeDir = sys.resolve("devices/system/node");
        TreeMap<Integer, Path> nodeDirs = new TreeMap<>();
        if (Files.isDirectory(nodeDir)) {
            try (Stream<Path> s = Files.list(nodeDir)) {
                s.filter(p -> p.getFileName().toString().matches("node\\d+"))
                        .forEach(p -> nodeDirs.put(Integer.parseInt(p.getFileName().toString().substring(4)), p));
            }
        }
        List<Node> nodes = new ArrayList<>();
        for (var e : nodeDirs.entrySet()) {
            Path n = e.getValue();
            List<Integer> nodeCpus = cpuList(Files.readString(n.resolve("cpulist"))).stream()
                    .filter(online::contains).toList();
            List<Integer> dist = Files.exists(n.resolve("distance"))
                    ? Stream.of(Files.readString(n.resolve("distance")).trim().split("\\s+")).map(Integer::parseInt)
                            .toList()
                    : List.of(10);
            nodes.add(new Node(e.getKey(), nodeCpus, memTotalMiB(Files.readAllLines(n.resolve("meminfo"),
                    StandardCharsets.ISO_8859_1)), dist));
        }
        boolean numa = !nodes.isEmpty();
        if (!numa) {
            nodes.add(new Node(0, online, memTotalMiB(Files.readAllLines(meminfo, StandardCharsets.ISO_8859_1)),
                    List.of(10)));
        }
        return new HostTopology(cpus, nodes, numa);
    }

    /** "0-3,8,10-11" as the numbers it names. */
    public static List<Integer> cpuList(String list) {
        List<Integer> out = new ArrayList<>();
        String s = Objects.requireNonNull(list).trim();
        if (s.isEmpty()) {
            return out;
        }
        for (String part : s.split(",")) {
            String[] r = part.trim().split("-");
            int a = Integer.parseInt(r[0].trim());
            int b = r.length > 1 ? Integer.parseInt(r[1].trim()) : a;
            if (b < a || b - a > 65536) {
                throw new IllegalArgumentException("not a CPU list: " + list);
            }
            for (int i = a; i <= b; i++) {
                out.add(i);
            }
        }
        return out;
    }

    /** "Node 0 MemTotal:  263813604 kB" (a node's meminfo) or "MemTotal: ... kB" (/proc/meminfo), in MiB. */
    static long memTotalMiB(List<String> meminfo) {
        for (String l : meminfo) {
            String[] f = l.trim().split("\\s+");
            for (int i = 0; i + 1 < f.length; i++) {
                if (f[i].equals("MemTotal:") && f[i + 1].matches("\\d{1,15}")) {
                    return Long.parseLong(f[i + 1]) / 1024;
                }
            }
        }
        return 0;
    }

    private static int intIn(Path p) throws IOException {
        return Integer.parseInt(Files.readString(p).trim());
    }
}
