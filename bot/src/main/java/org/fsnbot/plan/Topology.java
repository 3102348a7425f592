package org.fsnbot.plan;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The guest's CPU and memory layout: sockets x cores x threads vCPUs, spread
 * over NUMA nodes, each node with its own memory backend, and how it sits
 * on the host (docs/numa.md):
 *
 * - FREE: where the host's scheduler puts it (the default);
 * - PINNED: each vCPU thread pinned to a host CPU and each node's memory
 *   bound to a host node, by NumaPlan ("sockets=2,nodes=2,pin");
 * - MIRROR: a request, "mirror" or "mirror:nodes=2", for a guest whose
 *   nodes mirror the host's (all of them, or the first N): one socket a
 *   node, one vCPU per physical core of the host node, pinned. It becomes
 *   a PINNED topology on the host that runs it (mirroring), never before:
 *   the coordinator of a fleet is not the host that measures.
 */
public record Topology(int sockets, int cores, int threads, int nodes, int memoryMiB, Placement placement) {

    /** How the guest sits on the host. */
    public enum Placement {
        FREE, PINNED, MIRROR
    }

    public static final Topology DEFAULT = new Topology(2, 1, 1, 2, 512);

    /** Memory per guest node of a mirrored guest unless mem= says otherwise. */
    static final int MIRROR_MIB_PER_NODE = 512;

    /**
     * The largest guest the grammar takes, whatever host: QEMU's x86
     * machines stop at 255-288 vCPUs, and 1 TiB is more than any runner
     * gives (a runner bounds its guests further: vm.GuestRoom).
     */
    public static final int MAX_VCPUS = 256;
    public static final int MAX_NODES = 64;
    public static final int MAX_MEMORY_MIB = 1 << 20;

    public Topology {
        Objects.requireNonNull(placement);
        if (placement == Placement.MIRROR) {
            if (nodes < 0 || memoryMiB < 0) {
                throw new IllegalArgumentException("mirror: nodes and mem must be >= 0 (0: the host's)");
            }
            if (nodes > MAX_NODES || memoryMiB > MAX_MEMORY_MIB) {
                throw new IllegalArgumentException("mirror: at most " + MAX_NODES + " nodes and " + MAX_MEMORY_MIB
                        + "M");
            }
        } else {
            if (sockets < 1 || cores < 1 || threads < 1 || nodes < 1) {
                throw new IllegalArgumentException("topology counts must be >= 1: "
                        + describe(sockets, cores, threads, nodes));
            }
            long wanted = (long) sockets * cores * threads;
            if (wanted > MAX_VCPUS || nodes > MAX_NODES || memoryMiB > MAX_MEMORY_MIB) {
                throw new IllegalArgumentException("topology: " + describe(sockets, cores, threads, nodes) + ",mem="
                        + memoryMiB + "M is larger than any guest fsnbot boots (at most " + MAX_VCPUS + " vCPUs, "
                        + MAX_NODES + " nodes, " + MAX_MEMORY_MIB + "M)");
            }
            int cpus = (int) wanted;
            if (cpus % nodes != 0) {
                throw new IllegalArgumentException(
                        "topology: " + cpus + " vCPUs do not divide evenly over " + nodes + " NUMA nodes");
            }
            if (memoryMiB < 128 * nodes || memoryMiB % nodes != 0) {
                throw new IllegalArgumentException(
                        "topology: mem=" + memoryMiB + "M must be a multiple of the node count and >= 128M per node");
            }
        }
    }

    /** A guest where the host's scheduler puts it. */
    public Topology(int sockets, int cores, int threads, int nodes, int memoryMiB) {
        this(sockets, cores, threads, nodes, memoryMiB, Placement.FREE);
    }

    public int cpus() {
        requireConcrete();
        return sockets * cores * threads;
    }

    public int memoryPerNodeMiB() {
        requireConcrete();
        return memoryMiB / nodes;
    }

    public boolean pinned() {
        return placement == Placement.PINNED;
    }

    public boolean mirror() {
        return placement == Placement.MIRROR;
    }

    /** How many NUMA nodes the guest wants of its host: its own count, or for "mirror" alone 0 (all). */
    public int nodesWanted() {
        return nodes;
    }

    private void requireConcrete() {
        if (placement == Placement.MIRROR) {
            throw new IllegalStateException("a mirror topology has no layout until mirrored on its host");
        }
    }

    /**
     * This request as a guest on host: a mirror becomes one socket per
     * host node it takes (the first nodes, in order), one vCPU per physical
     * core of that node, pinned; anything else is itself. A host with fewer
     * nodes than asked is refused, with what it has.
     */
    public Topology mirroring(HostTopology host) {
        if (placement != Placement.MIRROR) {
            return this;
        }
        List<HostTopology.Node> hostNodes = host.nodes();
        int n = nodes == 0 ? hostNodes.size() : nodes;
        if (n > hostNodes.size()) {
            throw new IllegalArgumentException("topology " + this + ": this host has " + hostNodes.size()
                    + " NUMA node" + (hostNodes.size() == 1 ? "" : "s") + ", fewer than the " + n + " asked to"
                    + " mirror (ask for fewer nodes, or run it on a runner with " + n + ")");
        }
        int cores = Integer.MAX_VALUE;
        for (HostTopology.Node node : hostNodes.subList(0, n)) {
            cores = Math.min(cores, NumaPlan.physicalCores(host, node).size());
        }
        int mem = memoryMiB == 0 ? MIRROR_MIB_PER_NODE * n : memoryMiB;
        return new Topology(n, cores, 1, n, mem - mem % n, Placement.PINNED);
    }

    /**
     * Parses "sockets=2,cores=1,threads=1,nodes=2,mem=512M[,pin]" (missing
     * keys take the defaults), or "mirror[:nodes=N][,mem=M]".
     */
    public static Topology parse(String spec) {
        String s = spec.trim();
        if (s.equals("mirror") || s.startsWith("mirror:") || s.startsWith("mirror,")) {
            return parseMirror(s.substring("mirror".length()).replaceFirst("^[:,]", ""));
        }
        Map<String, Integer> v = new LinkedHashMap<>();
        v.put("sockets", DEFAULT.sockets);
        v.put("cores", DEFAULT.cores);
        v.put("threads", DEFAULT.threads);
        v.put("nodes", DEFAULT.nodes);
        v.put("mem", DEFAULT.memoryMiB);
        Placement placement = Placement.FREE;
        for (String item : s.split(",")) {
            if (item.trim().equals("pin")) {
                placement = Placement.PINNED;
                continue;
            }
            put(v, item, "sockets=N,cores=N,threads=N,nodes=N,mem=NM[,pin] or mirror[:nodes=N]");
        }
        return new Topology(v.get("sockets"), v.get("cores"), v.get("threads"), v.get("nodes"), v.get("mem"),
                placement);
    }

    private static Topology parseMirror(String rest) {
        Map<String, Integer> v = new LinkedHashMap<>();
        v.put("nodes", 0);
        v.put("mem", 0);
        if (!rest.isEmpty()) {
            for (String item : rest.split(",")) {
                put(v, item, "mirror[:nodes=N][,mem=NM]");
            }
        }
        if (v.get("nodes") < 1 && rest.contains("nodes")) {
            throw new IllegalArgumentException("topology: mirror:nodes must be at least 1");
        }
        return new Topology(0, 0, 0, v.get("nodes"), v.get("mem"), Placement.MIRROR);
    }

    private static void put(Map<String, Integer> v, String item, String want) {
        String[] kv = item.trim().split("=", 2);
        if (kv.length != 2 || !v.containsKey(kv[0])) {
            throw new IllegalArgumentException("topology: bad item '" + item + "' (want " + want + ")");
        }
        String value = kv[0].equals("mem") ? kv[1].replaceFirst("(?i)m$", "") : kv[1];
        try {
            v.put(kv[0], Integer.parseInt(value));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("topology: '" + kv[1] + "' is not a number in '" + item + "'");
        }
    }

    @Override
    public String toString() {
        if (placement == Placement.MIRROR) {
            return "mirror" + (nodes > 0 ? ":nodes=" + nodes : "") + (memoryMiB > 0 ? (nodes > 0 ? "," : ":")
                    + "mem=" + memoryMiB + "M" : "");
        }
        return describe(sockets, cores, threads, nodes) + ",mem=" + memoryMiB + "M"
                + (placement == Placement.PINNED ? ",pin" : "");
    }

    private static String describe(int s, int c, int t, int n) {
        return "sockets=" + s + ",cores=" + c + ",threads=" + t + ",nodes=" + n;
    }
}
