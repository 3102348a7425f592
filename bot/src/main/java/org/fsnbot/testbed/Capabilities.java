package org.fsnbot.testbed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/**
 * What a runner's testbed can give a guest, as routing reads it: whether
 * its guests run on the host's own CPUs (KVM: figures measure the kernel)
 * and how many NUMA nodes it has for them. Read from the facts a runner
 * records when it joins the fleet (vm.RunnerFacts' JSON), once, here.
 */
public record Capabilities(boolean hardwareCpus, int numaNodes) {

    public Capabilities {
        if (numaNodes < 0) {
            throw new IllegalArgumentException("NUMA nodes cannot be negative: " + numaNodes);
        }
    }

    /** A runner's recorded facts; IOException saying what is missing when they are not a runner's facts. */
    public static Capabilities fromFacts(String json, ObjectMapper mapper) throws IOException {
        JsonNode f = mapper.readTree(json == null ? "" : json);
        if (f == null || !f.isObject() || !f.path("kvm").isBoolean() || !f.path("numa").isArray()) {
            throw new IOException("no \"kvm\" (true or false) and \"numa\" (a list of nodes) in the runner's facts");
        }
        return new Capabilities(f.path("kvm").asBoolean(), f.path("numa").size());
    }
}
