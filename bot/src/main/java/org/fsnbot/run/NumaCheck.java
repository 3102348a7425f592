package org.fsnbot.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.fsnbot.plan.HostTopology;
import org.fsnbot.plan.Hugepages;
import org.fsnbot.plan.NumaPlan;
import org.fsnbot.plan.Topology;

/**
 * Whether a pinned guest was what it was asked to be (docs/numa.md): in
 * every boot that counts, the host's placement line says each vCPU
 * thread may run only on its planned CPU, and the guest's own view has
 * the asked nodes, each with its vCPUs, its share of the memory (within
 * what the kernel keeps for itself) and, where the plan gave the host's
 * distances, those distances. Also the plan in a reader's words: one
 * line per guest node, and what the host could not give.
 */
public final class NumaCheck {

    /** A node's MemTotal is its memory less what the guest kernel reserved: at least this share of it. */
    static final double MIN_MEMORY_SHARE = 0.75;

    /** The check's outcome: verified or not (and why not), the plan in words, and its notes. */
    public record Result(boolean verified, List<String> problems, List<String> mapping, List<String> notes) {
        public Result {
            problems = List.copyOf(problems);
            mapping = List.copyOf(mapping);
            notes = List.copyOf(notes);
        }
    }

    private final ObjectMapper json = new ObjectMapper();

    /** The plan of t on host in words, one line per guest node. */
    public static List<String> mapping(Topology t, NumaPlan plan) {
        List<String> out = new ArrayList<>();
        for (NumaPlan.GuestNode n : plan.nodes()) {
            String cpus = plan.cpusPinned() ? "vCPU" + (n.vcpus().size() == 1 ? " " : "s ") + list(n.vcpus())
                    + " on host CPU" + (n.hostCpus().size() == 1 ? " " : "s ") + list(n.hostCpus())
                    : "vCPUs " + list(n.vcpus()) + " not pinned";
            out.add(String.format(Locale.ROOT, "guest node %d: %s, %d MiB %s host node %d", n.node(), cpus,
                    n.memoryMiB(), plan.memoryBound() ? "bound to" : "(not bound) on", n.hostNode()));
        }
        if (plan.hugepageKiB() > 0) {
            out.add("guest memory in " + Hugepages.label(plan.hugepageKiB()) + " hugepages, preallocated");
        }
        return out;
    }

    /** Checks the boots that count (their guest and placement lines) against t's plan on host. */
    public Result check(Topology t, NumaPlan plan, List<BootRecord> good) {
        List<String> problems = new ArrayList<>();
        if (good.isEmpty()) {
            problems.add("no boot to check");
        }
        for (BootRecord b : good) {
            String id = b.outcome().bootId();
            placement(b.placement(), plan, id, problems);
            guest(b.guestInfo(), t, plan, id, problems);
        }
        return new Result(problems.isEmpty(), problems, mapping(t, plan), plan.notes());
    }

    private void placement(String line, NumaPlan plan, String id, List<String> problems) {
        if (!plan.cpusPinned()) {
            return;
        }
        JsonNode p = parse(line);
        if (p == null || !p.path("pinned").asBoolean(false)) {
            problems.add(id + ": vCPU threads not pinned as planned" + (p == null ? "" : ": "
                    + p.path("problems").toString()));
        }
    }

    private void guest(String info, Topology t, NumaPlan plan, String id, List<String> problems) {
        JsonNode g = parse(info);
        JsonNode nodes = g == null ? null : g.path("numa");
        if (nodes == null || !nodes.isArray() || nodes.size() != t.nodes()) {
            problems.add(id + ": the guest saw " + (nodes == null || !nodes.isArray() ? "no" : nodes.size())
                    + " NUMA nodes, not " + t.nodes());
            return;
        }
        for (NumaPlan.GuestNode want : plan.nodes()) {
            JsonNode n = nodes.get(want.node());
            List<Integer> cpus = HostTopology.cpuList(n.path("cpus").asText(""));
            if (!cpus.equals(want.vcpus())) {
                problems.add(id + ": guest node " + want.node() + " has CPUs " + list(cpus) + ", not " + list(want.vcpus()));
            }
            double mib = n.path("mem_kb").asLong() / 1024.0;
            if (mib > want.memoryMiB() || mib < MIN_MEMORY_SHARE * want.memoryMiB()) {
                problems.add(String.format(Locale.ROOT, "%s: guest node %d has %.0f MiB, not about %d", id,
                        want.node(), mib, want.memoryMiB()));
            }
            if (!plan.distances().isEmpty()) {
                String d = plan.distances().get(want.node()).stream().map(String::valueOf)
                        .collect(Collectors.joining(" "));
                if (!n.path("distance").asText("").trim().equals(d)) {
                    problems.add(id + ": guest node " + want.node() + " distances " + n.path("distance").asText()
                            + ", not " + d);
                }
            }
        }
    }

    private JsonNode parse(String line) {
        if (line == null || line.isBlank()) {
            return null;
        }
        try {
            return json.readTree(line);
        } catch (IOException e) {
            return null;
        }
    }

    /** "0-3,8" for 0,1,2,3,8. */
    static String list(List<Integer> ids) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < ids.size(); i++) {
            int a = ids.get(i);
            int j = i;
            while (j + 1 < ids.size() && ids.get(j + 1) == ids.get(j) + 1) {
                j++;
            }
            sb.append(sb.length() > 0 ? "," : "").append(j > i ? a + "-" + ids.get(j) : Integer.toString(a));
            i = j;
        }
        return sb.toString();
    }
}
