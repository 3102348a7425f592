package org.fsnbot.plan;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Where a pinned guest sits on its host (docs/numa.md): guest node g on
 * host node g (the first nodes in order; round robin when the host has
 * fewer, said in the notes), each vCPU of g on a host CPU of that node,
 * one physical core per vCPU first (an SMT sibling only once every core
 * has one, or when the guest itself has threads), g's memory bound to
 * the node, the guest's distances the host's between those nodes, and
 * QEMU's own threads on the host CPUs no vCPU took, and the guest's
 * memory in hugepages when the runner has them and enough are free on
 * each host node (hugepageKiB, 0: normal pages). Whatever the host cannot
 * give is said in notes, never left out: too few CPUs means no vCPU is
 * pinned at all; too few free hugepages, normal pages.
 */
public record NumaPlan(List<GuestNode> nodes, boolean cpusPinned, boolean memoryBound, List<Integer> emulatorCpus,
        List<List<Integer>> distances, List<String> notes, long hugepageKiB) {

    /** One guest node: its host node, its vCPUs and the host CPU each is pinned to (same order), its memory. */
    public record GuestNode(int node, int hostNode, List<Integer> vcpus, List<Integer> hostCpus, int memoryMiB) {
        public GuestNode {
            vcpus = List.copyOf(vcpus);
            hostCpus = List.copyOf(hostCpus);
        }
    }

    public NumaPlan {
        nodes = List.copyOf(nodes);
        emulatorCpus = List.copyOf(emulatorCpus);
        distances = distances.stream().map(List::copyOf).toList();
        notes = List.copyOf(notes);
    }

    /** The host CPU vCPU cpu is pinned to, or -1 when CPUs are not pinned. */
    public int hostCpuOf(int cpu) {
        for (GuestNode n : nodes) {
            int i = n.vcpus().indexOf(cpu);
            if (i >= 0 && cpusPinned) {
                return n.hostCpus().get(i);
            }
        }
        return -1;
    }

    /** Whether each guest node is on a host node of its own (then the host's distances can be the guest's). */
    public boolean distinctHostNodes() {
        return nodes.stream().map(GuestNode::hostNode).distinct().count() == nodes.size();
    }

    /** The plan for a pinned guest on host, in normal pages. */
    public static NumaPlan of(Topology guest, HostTopology host) {
        return of(guest, host, Hugepages.off());
    }

    /** The plan for a pinned guest on host, its memory in the runner's hugepages where they suffice. */
    public static NumaPlan of(Topology guest, HostTopology host, Hugepages hugepages) {
        Objects.requireNonNull(host);
        if (!guest.pinned()) {
            throw new IllegalArgumentException("only a pinned topology has a plan: " + guest);
        }
        List<String> notes = new ArrayList<>();
        List<HostTopology.Node> hostNodes = host.nodes();
        int g = guest.nodes();
        if (hostNodes.size() < g) {
            notes.add("the host has " + hostNodes.size() + " NUMA node" + (hostNodes.size() == 1 ? "" : "s") + " for "
                    + g + " guest nodes: guest nodes share host nodes, round robin");
        }
        boolean enoughCpus = host.cpus().size() >= guest.cpus();
        if (!enoughCpus) {
            notes.add("the host has " + host.cpus().size() + " CPUs for " + guest.cpus() + " vCPUs: no vCPU is pinned");
        }
        int per = guest.cpus() / g;
        Set<Integer> taken = new HashSet<>();
        List<GuestNode> out = new ArrayList<>();
        for (int n = 0; n < g; n++) {
            HostTopology.Node h = hostNodes.get(n % hostNodes.size());
            List<Integer> vcpus = new ArrayList<>();
            for (int c = n * per; c < (n + 1) * per; c++) {
                vcpus.add(c);
            }
            List<Integer> cpus = enoughCpus ? pick(host, h, per, guest.threads(), taken, notes, n) : List.of();
            out.add(new GuestNode(n, h.id(), vcpus, cpus, guest.memoryPerNodeMiB()));
            if (h.memoryMiB() > 0 && h.memoryMiB() < guest.memoryPerNodeMiB()) {
                notes.add("guest node " + n + " asks " + guest.memoryPerNodeMiB() + " MiB of host node " + h.id()
                        + ", which has " + h.memoryMiB());
            }
        }
        List<Integer> emulator = new ArrayList<>();
        if (enoughCpus) {
            for (HostTopology.Cpu c : host.cpus()) {
                if (!taken.contains(c.id())) {
                    emulator.add(c.id());
                }
            }
            if (emulator.isEmpty()) {
                notes.add("no host CPU is left for QEMU's own threads: they run where the scheduler puts them");
            }
        }
        if (!host.numa()) {
            notes.add("the host's kernel shows no NUMA nodes: guest memory is not bound");
        }
        NumaPlan draft = new NumaPlan(out, enoughCpus, host.numa(), emulator, List.of(), notes, 0);
        List<List<Integer>> dist = new ArrayList<>();
        if (draft.distinctHostNodes() && g > 1) {
            for (GuestNode a : out) {
                List<Integer> row = new ArrayList<>();
                for (GuestNode b : out) {
                    row.add(distance(hostNodes, a.hostNode(), b.hostNode()));
                }
                dist.add(row);
            }
        } else if (g > 1) {
            notes.add("guest nodes share host nodes: QEMU's default distances, not the host's");
        }
        long pageKiB = hugepages.on() && fits(guest, host, hugepages, out, notes) ? hugepages.sizeKiB() : 0;
        return new NumaPlan(out, enoughCpus, host.numa(), emulator, dist, notes, pageKiB);
    }

    /**
     * Whether every guest node's memory is a whole number of pages and
     * each host node has free pages for the guest nodes on it; if not,
     * why not, in notes (the guest then runs in normal pages).
     */
    private static boolean fits(Topology guest, HostTopology host, Hugepages hp, List<GuestNode> out,
            List<String> notes) {
        long perNodeKiB = guest.memoryPerNodeMiB() * 1024L;
        if (perNodeKiB % hp.sizeKiB() != 0) {
            notes.add("a guest node's " + guest.memoryPerNodeMiB() + " MiB is not a whole number of " + hp.label()
                    + " hugepages: guest memory in normal pages");
            return false;
        }
        Map<Integer, Long> need = new LinkedHashMap<>();
        for (GuestNode n : out) {
            need.merge(n.hostNode(), perNodeKiB / hp.sizeKiB(), Long::sum);
        }
        for (Map.Entry<Integer, Long> e : need.entrySet()) {
            long free;
            try {
                free = hp.free(e.getKey(), host.numa());
            } catch (IOException | NumberFormatException x) {
                notes.add("the free " + hp.label() + " hugepages of host node " + e.getKey() + " could not be read ("
                        + x.getMessage() + "): guest memory in normal pages");
                return false;
            }
            if (free < e.getValue()) {
                notes.add("host node " + e.getKey() + " has " + free + " free " + hp.label() + " hugepages for the "
                        + e.getValue() + " its guest nodes need: guest memory in normal pages");
                return false;
            }
        }
        return true;
    }

    /** per host CPUs of node h for guest node n: one per physical core first, whole cores when the guest has threads. */
    private static List<Integer> pick(HostTopology host, HostTopology.Node h, int per, int threads, Set<Integer> taken,
            List<String> notes, int n) {
        List<Integer> cpus = new ArrayList<>();
        List<List<Integer>> cores = physicalCores(host, h);
        if (threads > 1) {
            for (List<Integer> core : cores) {
                List<Integer> free = core.stream().filter(c -> !taken.contains(c)).toList();
                if (free.size() >= threads && cpus.size() + threads <= per) {
                    cpus.addAll(free.subList(0, threads));
                }
            }
        }
        for (int sibling = 0; cpus.size() < per && sibling < maxThreads(cores); sibling++) {
            for (List<Integer> core : cores) {
                if (cpus.size() < per && sibling < core.size() && !taken.contains(core.get(sibling))
                        && !cpus.contains(core.get(sibling))) {
                    cpus.add(core.get(sibling));
                }
            }
            if (sibling == 0 && cpus.size() < per && threads == 1) {
                notes.add("guest node " + n + ": host node " + h.id() + " has fewer cores than its " + per
                        + " vCPUs: some share a core with a sibling");
            }
        }
        if (cpus.size() < per) {
            for (HostTopology.Cpu c : host.cpus()) {
                if (cpus.size() < per && !taken.contains(c.id()) && !cpus.contains(c.id())) {
                    cpus.add(c.id());
                }
            }
            notes.add("guest node " + n + ": host node " + h.id() + " has too few free CPUs; some vCPUs are on"
                    + " other nodes' CPUs");
        }
        taken.addAll(cpus);
        return cpus;
    }

    private static int maxThreads(List<List<Integer>> cores) {
        return cores.stream().mapToInt(List::size).max().orElse(0);
    }

    /** The node's CPUs grouped by physical core (socket, core), each group in CPU order, groups by first CPU. */
    public static List<List<Integer>> physicalCores(HostTopology host, HostTopology.Node node) {
        Map<List<Integer>, List<Integer>> by = new LinkedHashMap<>();
        for (HostTopology.Cpu c : host.cpus()) {
            if (node.cpus().contains(c.id())) {
                by.computeIfAbsent(List.of(c.socket(), c.core()), k -> new ArrayList<>()).add(c.id());
            }
        }
        return by.values().stream().map(l -> l.stream().sorted().toList())
                .sorted((a, b) -> Integer.compare(a.get(0), b.get(0))).toList();
    }

    private static int distance(List<HostTopology.Node> nodes, int from, int to) {
        for (HostTopology.Node n : nodes) {
            if (n.id() == from) {
                int index = 0;
                for (HostTopology.Node m : nodes) {
                    if (m.id() == to) {
                        return index < n.distances().size() ? n.distances().get(index) : (from == to ? 10 : 20);
                    }
                    index++;
                }
            }
        }
        return from == to ? 10 : 20;
    }
}
