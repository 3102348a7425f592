package org.fsnbot.vm;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.stream.Collectors;
import org.fsnbot.plan.HostTopology;

/**
 * What a runner records about its host when it starts (docs/fleet.md):
 * name, CPU model, QEMU, host kernel, sockets, cores, CPUs, memory, the
 * NUMA nodes with their CPUs, memory and distances, and whether KVM can
 * be used (/dev/kvm readable and writable; the probe boot that decides a
 * job's accelerator still runs at its first measurement). The router
 * reads the node count and KVM from here.
 */
public record RunnerFacts(String name, String runnerClass, HostFacts host, HostTopology topology, boolean kvm,
        String kernel) {

    public RunnerFacts {
        Objects.requireNonNull(name);
        Objects.requireNonNull(runnerClass);
        Objects.requireNonNull(host);
        Objects.requireNonNull(topology);
        Objects.requireNonNull(kernel);
    }

    /** This host, now. */
    public static RunnerFacts probe(String name, String runnerClass, HostFacts host, HostTopology topology) {
        Path kvm = Path.of("/dev/kvm");
        return new RunnerFacts(name, runnerClass, host, topology, Files.isReadable(kvm) && Files.isWritable(kvm),
                System.getProperty("os.name") + " " + System.getProperty("os.version"));
    }

    public String json(ObjectMapper mapper) {
        ObjectNode o = mapper.createObjectNode();
        o.put("name", name).put("class", runnerClass).put("cpu", host.cpu()).put("qemu", host.qemu())
                .put("kernel", kernel).put("kvm", kvm).put("sockets", topology.sockets())
                .put("cores", topology.cores()).put("cpus", topology.cpus().size())
                .put("memory_mib", topology.memoryMiB());
        ArrayNode numa = o.putArray("numa");
        for (HostTopology.Node n : topology.nodes()) {
            ObjectNode node = numa.addObject();
            node.put("node", n.id()).put("cpus", n.cpus().stream().map(String::valueOf)
                    .collect(Collectors.joining(","))).put("memory_mib", n.memoryMiB());
            ArrayNode d = node.putArray("distances");
            n.distances().forEach(d::add);
        }
        return o.toString();
    }

    /** "2 sockets, 16 cores, 32 CPUs, 2 NUMA nodes, 64.0 GiB, KVM": one line of `fsnbot runners`. */
    public String summary() {
        return String.format(java.util.Locale.ROOT, "%d socket%s, %d cores, %d CPUs, %d NUMA node%s, %.1f GiB, %s",
                topology.sockets(), topology.sockets() == 1 ? "" : "s", topology.cores(), topology.cpus().size(),
                topology.nodes().size(), topology.nodes().size() == 1 ? "" : "s", topology.memoryMiB() / 1024.0,
                kvm ? "KVM" : "no KVM (TCG)");
    }
}
