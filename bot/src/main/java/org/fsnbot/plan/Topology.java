package org.fsnbot.plan;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The guest's CPU and memory layout: sockets x cores x threads vCPUs, spread
 * over NUMA nodes, each node with its own memory backend.
 */
public record Topology(int sockets, int cores, int threads, int nodes, int memoryMiB) {

    public static final Topology DEFAULT = new Topology(2, 1, 1, 2, 512);

    public Topology {
        if (sockets < 1 || cores < 1 || threads < 1 || nodes < 1) {
            throw new IllegalArgumentException("topology counts must be >= 1: " + describe(sockets, cores, threads, nodes));
        }
        int cpus = sockets * cores * threads;
        if (cpus % nodes != 0) {
            throw new IllegalArgumentException(
                    "topology: " + cpus + " vCPUs do not divide evenly over " + nodes + " NUMA nodes");
        }
        if (memoryMiB < 128 * nodes || memoryMiB % nodes != 0) {
            throw new IllegalArgumentException(
                    "topology: mem=" + memoryMiB + "M must be a multiple of the node count and >= 128M per node");
        }
    }

    public int cpus() {
        return sockets * cores * threads;
    }

    public int memoryPerNodeMiB() {
        return memoryMiB / nodes;
    }

    /** Parses "sockets=2,cores=1,threads=1,nodes=2,mem=512M"; missing keys take the defaults. */
    public static Topology parse(String spec) {
        Map<String, Integer> v = new LinkedHashMap<>();
        v.put("sockets", DEFAULT.sockets);
        v.put("cores", DEFAULT.cores);
        v.put("threads", DEFAULT.threads);
        v.put("nodes", DEFAULT.nodes);
        v.put("mem", DEFAULT.memoryMiB);
        for (String item : spec.split(",")) {
            String[] kv = item.trim().split("=", 2);
            if (kv.length != 2 || !v.containsKey(kv[0])) {
                throw new IllegalArgumentException("topology: bad item '" + item
                        + "' (want sockets=N,cores=N,threads=N,nodes=N,mem=NM)");
            }
            String value = kv[0].equals("mem") ? kv[1].replaceFirst("(?i)m$", "") : kv[1];
            try {
                v.put(kv[0], Integer.parseInt(value));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("topology: '" + kv[1] + "' is not a number in '" + item + "'");
            }
        }
        return new Topology(v.get("sockets"), v.get("cores"), v.get("threads"), v.get("nodes"), v.get("mem"));
    }

    @Override
    public String toString() {
        return describe(sockets, cores, threads, nodes) + ",mem=" + memoryMiB + "M";
    }

    private static String describe(int s, int c, int t, int n) {
        return "sockets=" + s + ",cores=" + c + ",threads=" + t + ",nodes=" + n;
    }
}
