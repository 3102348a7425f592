package org.fsnbot.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.fsnbot.plan.Topology;
import org.fsnbot.store.RunnerRegistry;
import org.fsnbot.testing.LogCapture;
import org.junit.jupiter.api.Test;

class RunnerRouterTest {

    private static RunnerRegistry.Entry runner(String name, String c, int nodes, boolean kvm,
            RunnerRegistry.State state) {
        String numa = String.join(",", java.util.Collections.nCopies(nodes, "{}"));
        return new RunnerRegistry.Entry(name, c, "{\"kvm\":" + kvm + ",\"numa\":[" + numa + "]}", state,
                Instant.EPOCH, Optional.empty());
    }

    private static String route(String topology, List<RunnerRegistry.Entry> runners) {
        RunnerRouter r = new RunnerRouter(() -> runners, Topology.parse("sockets=2,cores=1,nodes=2"), "default");
        return r.route(Topology.parse(topology), r.classes(runners));
    }

    @Test
    void aTwoNodeGuestGoesToTheSmallestKvmClassWithTwoNodesElseToAnEmulatingClassElseToTheDefault() {
        List<RunnerRegistry.Entry> fleet = List.of(runner("a", "4s-kvm", 4, true, RunnerRegistry.State.ACTIVE),
                runner("b", "2s-kvm", 2, true, RunnerRegistry.State.ACTIVE),
                runner("c", "tcg", 1, false, RunnerRegistry.State.ACTIVE));
        assertThat(route("sockets=2,cores=1,nodes=2", fleet)).isEqualTo("2s-kvm");
        assertThat(route("sockets=4,cores=1,nodes=4,mem=1024M", fleet)).isEqualTo("4s-kvm");
        assertThat(route("sockets=8,cores=1,nodes=8,mem=2048M", fleet)).as("no host has 8 nodes: emulate").isEqualTo("tcg");
        assertThat(route("sockets=2,cores=1,nodes=2", List.of(fleet.get(2)))).isEqualTo("tcg");
        assertThat(route("sockets=2,cores=1,nodes=2", List.of())).isEqualTo("default");
    }

    @Test
    void onlyActiveRunnersCountAndAClassIsAsGoodAsItsWeakestHost() {
        List<RunnerRegistry.Entry> fleet = List.of(runner("a", "2s-kvm", 2, true, RunnerRegistry.State.DRAINING),
                runner("b", "big", 4, true, RunnerRegistry.State.ACTIVE),
                runner("c", "big", 1, true, RunnerRegistry.State.ACTIVE));
        RunnerRouter r = new RunnerRouter(() -> fleet, Topology.DEFAULT, "default");
        assertThat(r.classes(fleet)).singleElement().satisfies(c -> {
            assertThat(c.runnerClass()).isEqualTo("big");
            assertThat(c.numaNodes()).isEqualTo(1);
            assertThat(c.active()).isEqualTo(2);
        });
        assertThat(route("sockets=2,cores=1,nodes=2", fleet)).isEqualTo("default");
    }

    @Test
    void aRunnerWhoseFactsDoNotSayWhatItCanGiveIsNotRoutedToAndTheOthersStillAre() {
        List<RunnerRegistry.Entry> fleet = List.of(
                new RunnerRegistry.Entry("x", "2s-kvm", "{\"kvm\":\"yes\",\"numa\":[{},{}]}",
                        RunnerRegistry.State.ACTIVE, Instant.EPOCH, Optional.empty()),
                new RunnerRegistry.Entry("y", "2s-kvm", "not json", RunnerRegistry.State.ACTIVE, Instant.EPOCH,
                        Optional.empty()),
                new RunnerRegistry.Entry("z", "2s-kvm", "{\"numa\":[{},{}]}", RunnerRegistry.State.ACTIVE,
                        Instant.EPOCH, Optional.empty()),
                runner("c", "tcg", 1, false, RunnerRegistry.State.ACTIVE));
        assertThat(route("sockets=2,cores=1,nodes=2", fleet)).as("no 2s-kvm runner said it has KVM")
                .isEqualTo("tcg");
        RunnerRouter r = new RunnerRouter(() -> fleet, Topology.DEFAULT, "default");
        try (LogCapture log = new LogCapture()) {
            for (int dispatch = 0; dispatch < 3; dispatch++) {
                assertThat(r.classes(fleet)).extracting(RunnerRouter.ClassFacts::runnerClass).containsExactly("tcg");
            }
            assertThat(log.text().lines().filter(l -> l.startsWith("runner y ")))
                    .as("a bad runner is warned of once, not at every dispatch").hasSize(1);
        }
    }
}
