package org.fsnbot.image;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.run.ResultParser;
import org.fsnbot.run.Sample;
import org.fsnbot.run.Side;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The workload binaries run on this host's kernel and keep their JSON promises. */
class WorkloadsNativeTest {

    private final ObjectMapper json = new ObjectMapper();

    private List<String> run(Path bin, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(args));
        cmd.set(0, bin.resolve(args[0]).toString());
        CommandResult r = new CommandRunner().run(cmd, null, Duration.ofMinutes(2));
        assertThat(r.ok()).as("%s: %s", args[0], r.outputText()).isTrue();
        return r.output();
    }

    @Test
    void byteWriteReportsEveryModeAndOnlyParentSeesEvents(@TempDir Path dir) throws Exception {
        Path bin = new WorkloadBinaries(dir, new CommandRunner()).build();
        List<String> out = run(bin, "byte-write", "--workdir", dir.toString(), "--iterations", "20000",
                "--warmup", "100", "--reps", "1");
        JsonNode header = json.readTree(out.get(0));
        assertThat(header.path("type").asText()).isEqualTo("header");
        assertThat(header.path("cpus").asInt()).isPositive();
        assertThat(header.has("max_queued_events")).isTrue();
        List<Sample> s = new ResultParser().parse(Side.BASE, 0, out).samples();
        Set<String> modes = new HashSet<>();
        s.forEach(x -> modes.add(x.variant()));
        assertThat(modes).containsExactlyInAnyOrder("none", "other", "parent", "parent-nomatch");
        assertThat(s).filteredOn(x -> x.metric().equals("ns_per_op")).hasSize(4)
                .allSatisfy(x -> assertThat(x.lowerIsBetter()).isTrue());
        for (String line : out.subList(1, out.size())) {
            JsonNode n = json.readTree(line);
            long events = n.path("params").path("events").asLong();
            if (n.path("mode").asText().equals("parent")) {
                assertThat(events).as("parent mode delivers events").isPositive();
            } else {
                assertThat(events).as("%s mode delivers no events", n.path("mode").asText()).isZero();
            }
        }
    }

    @Test
    void parentModifyScaleReportsEachClientCount(@TempDir Path dir) throws Exception {
        Path bin = new WorkloadBinaries(dir, new CommandRunner()).build();
        List<String> out = run(bin, "parent-modify-scale", "--workdir", dir.toString(), "--clients", "1,2",
                "--files", "8", "--iterations", "20000", "--warmup", "100", "--reps", "1");
        List<Sample> s = new ResultParser().parse(Side.BASE, 0, out).samples();
        assertThat(s).extracting(Sample::variant).contains("clients=1", "clients=2");
        assertThat(s).extracting(Sample::metric).contains("avg_client_s", "max_client_s", "ns_per_write",
                "writes_per_s");
        JsonNode r = json.readTree(out.get(1));
        assertThat(r.path("params").path("events").asLong()).isPositive();
        assertThat(r.path("params").has("overflows")).isTrue();
    }
}
