package org.fsnbot.fleet;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.fsnbot.plan.Topology;
import org.fsnbot.store.RunnerRegistry;
import org.fsnbot.store.Work;
import org.fsnbot.testbed.Capabilities;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which runner class a unit needs (docs/fleet.md): a guest whose NUMA
 * nodes a host can give it for real (KVM, at least as many host nodes as
 * the guest has) goes to the class of such hosts that fits it most
 * closely; else to a class that emulates (TCG), where the numbers measure
 * the pipeline and every reply says so; else, with no runner of any use
 * registered, to the configured default class, where it waits. Only
 * active runners count.
 */
public final class RunnerRouter {

    private static final Logger log = LoggerFactory.getLogger(RunnerRouter.class);

    /** What the active runners of one class can give a guest: the fewest host NUMA nodes among them, KVM or not. */
    public record ClassFacts(String runnerClass, int numaNodes, boolean kvm, int active) {
    }

    private final Supplier<List<RunnerRegistry.Entry>> runners;
    private final Topology defaults;
    private final String fallback;
    private final ObjectMapper json = new ObjectMapper();
    /** The unreadable facts already warned of, by runner: a dispatch every poll says each once, not each time. */
    private final Set<String> warned = ConcurrentHashMap.newKeySet();

    public RunnerRouter(Supplier<List<RunnerRegistry.Entry>> runners, Topology defaults, String fallback) {
        this.runners = runners;
        this.defaults = defaults;
        this.fallback = fallback;
    }

    /** The class unit w goes to. */
    public String classFor(Work w) {
        return route(w.item().options().topology(defaults), classes(runners.get()));
    }

    /** The class for a guest of topology t among these classes. */
    public String route(Topology t, List<ClassFacts> classes) {
        return classes.stream().filter(c -> c.kvm() && c.numaNodes() >= t.nodes())
                .min(Comparator.comparingInt(ClassFacts::numaNodes).thenComparing(ClassFacts::runnerClass))
                .or(() -> classes.stream().filter(c -> !c.kvm()).min(Comparator.comparing(ClassFacts::runnerClass)))
                .map(ClassFacts::runnerClass).orElse(fallback);
    }

    /** The active runners grouped by class, from what each one's facts say it can give (Capabilities). */
    public List<ClassFacts> classes(List<RunnerRegistry.Entry> all) {
        Map<String, ClassFacts> by = new TreeMap<>();
        for (RunnerRegistry.Entry e : all) {
            if (e.state() != RunnerRegistry.State.ACTIVE) {
                continue;
            }
            Capabilities can;
            try {
                can = Capabilities.fromFacts(e.facts(), json);
            } catch (IOException ex) {
                // A runner whose facts are not readable is given no work: said, not guessed at.
                if (warned.add(e.name() + "\n" + e.facts())) {
                    log.warn("runner {} (class {}) is not routed to: {}", e.name(), e.runnerClass(),
                            ex.getMessage());
                }
                continue;
            }
            int nodes = can.numaNodes();
            boolean kvm = can.hardwareCpus();
            by.merge(e.runnerClass(), new ClassFacts(e.runnerClass(), nodes, kvm, 1), (a, b) ->
                    new ClassFacts(a.runnerClass(), Math.min(a.numaNodes(), b.numaNodes()), a.kvm() && b.kvm(),
                            a.active() + b.active()));
        }
        return new ArrayList<>(by.values());
    }
}
