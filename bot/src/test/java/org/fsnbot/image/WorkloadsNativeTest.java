package org.fsnbot.image;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.run.BootResults;
import org.fsnbot.run.ResultParser;
import org.fsnbot.run.Sample;
import org.fsnbot.run.Side;
import org.fsnbot.testing.Repo;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every workload binary runs on this machine's own kernel in a small
 * configuration, and its JSON lines parse and carry the promised metrics
 * for every row.
 */
class WorkloadsNativeTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static Path bin;

    @BeforeAll
    static void build(@TempDir Path cache) throws Exception {
        bin = new WorkloadBinaries(cache, new CommandRunner()).build();
    }

    private static List<String> run(String... args) throws Exception {
        return runExiting(0, args);
    }

    /** Runs a workload that must exit with this status; its JSON lines, then the exit line the guest adds. */
    private static List<String> runExiting(int status, String... args) throws Exception {
        return jsonLines(exec(status, args), args[0]);
    }

    private static CommandResult exec(int status, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(args));
        cmd.set(0, bin.resolve(args[0]).toString());
        CommandResult r = new CommandRunner().run(cmd, null, Duration.ofMinutes(3));
        assertThat(r.timedOut()).isFalse();
        assertThat(r.exitCode()).as("%s: %s", args[0], r.outputText()).isEqualTo(status);
        return r;
    }

    private static List<String> jsonLines(CommandResult r, String workload) throws Exception {
        int status = r.exitCode();
        List<String> lines = new ArrayList<>(r.output().stream().filter(l -> l.startsWith("{")).toList());
        lines.add("{\"type\":\"exit\",\"workload\":\"" + workload + "\",\"status\":" + status + "}");
        JsonNode header = JSON.readTree(lines.get(0));
        assertThat(header.path("type").asText()).isEqualTo("header");
        for (String field : List.of("cpus", "numa_nodes", "clocksource", "fs_type", "max_queued_events", "mask")) {
            assertThat(header.has(field)).as("header field %s", field).isTrue();
        }
        return lines;
    }

    /** Metrics seen per row. */
    private static Map<String, Set<String>> metricsByRow(List<String> lines) throws Exception {
        Map<String, Set<String>> m = new TreeMap<>();
        for (Sample s : new ResultParser().parse(Side.BASE, 0, lines).samples()) {
            m.computeIfAbsent(s.variant(), k -> new TreeSet<>()).add(s.metric());
        }
        return m;
    }

    @Test
    void theHarnessEscapesWhatItWritesIntoJson(@TempDir Path dir) throws Exception {
        Path echo = dir.resolve("echo");
        CommandResult built = new CommandRunner().run(List.of("gcc", "-O2", "-Wall", "-Wextra", "-Werror",
                "-std=gnu11", "-o", echo.toString(), Repo.root().resolve("workloads/tests/echo.c").toString(),
                Repo.root().resolve("workloads/harness.c").toString(), "-pthread"), null, Duration.ofMinutes(2));
        assertThat(built.ok()).as(built.outputText()).isTrue();
        String hostile = "a\"b\\c\td\u0001e}{";
        CommandResult r = new CommandRunner().run(List.of(echo.toString(), "--reps", "1", "--variants", hostile),
                null, Duration.ofMinutes(1));
        assertThat(r.ok()).as(r.outputText()).isTrue();
        List<String> lines = r.output().stream().filter(l -> l.startsWith("{")).toList();
        assertThat(lines).hasSize(3);
        for (String line : lines) {
            assertThat(JSON.readTree(line).isObject()).as(line).isTrue();
        }
        JsonNode result = JSON.readTree(lines.get(1));
        assertThat(result.path("row").asText()).isEqualTo(hostile);
        assertThat(result.path("params").path("echo").asText()).isEqualTo(hostile);
        assertThat(JSON.readTree(lines.get(2)).path("reason").asText()).isEqualTo(hostile);
    }

    @Test
    void aWorkloadThatCannotRunExitsTwoAndSaysWhy(@TempDir Path dir) throws Exception {
        CommandResult r = new CommandRunner().run(List.of(bin.resolve("scale-ops").toString(), "--modes", "parent"),
                null, Duration.ofMinutes(1));
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.outputText()).contains("scale-ops: runs modes none,other only");
        assertThatThrownBy(() -> new ResultParser().parse(Side.BASE, 0, List.of(
                "{\"type\":\"exit\",\"workload\":\"scale-ops\",\"status\":1}")))
                .as("exit 1 is only the gate's finding, after failed checks").hasMessageContaining("exited 1");
    }

    @Test
    void byteWriteEveryModeWithTheReadCompanionAndOnlyParentSeesEvents(@TempDir Path dir) throws Exception {
        List<String> out = run("byte-write", "--workdir", dir.toString(), "--iterations", "20000", "--warmup", "100",
                "--reps", "1");
        assertThat(metricsByRow(out)).containsOnlyKeys("none", "other", "parent", "parent-nomatch")
                .allSatisfy((row, metrics) -> assertThat(metrics).containsExactlyInAnyOrder("ns_per_op", "ops_per_s",
                        "read_ns_per_op", "write_read_ratio"));
        for (String line : out.subList(1, out.size())) {
            JsonNode n = JSON.readTree(line);
            if (!n.path("type").asText().equals("result")) {
                continue;
            }
            long events = n.path("params").path("events").asLong();
            if (n.path("mode").asText().equals("parent")) {
                assertThat(events).as("parent mode delivers events").isPositive();
            } else {
                assertThat(events).as("%s mode delivers no events", n.path("mode").asText()).isZero();
            }
        }
        List<String> fixedTime = run("byte-write", "--workdir", dir.toString(), "--duration", "0.2", "--modes",
                "none", "--reps", "1");
        assertThat(JSON.readTree(fixedTime.get(1)).path("params").path("writes").asLong()).isPositive();
    }

    @Test
    void aHeldListenerReadsOnlyAfterTheLoopSoEveryWriteMergesIntoOneEvent(@TempDir Path dir) throws Exception {
        for (String listener : List.of("held", "drain")) {
            List<String> out = run("byte-write", "--workdir", dir.toString(), "--modes", "parent", "--iterations",
                    "20000", "--warmup", "100", "--reps", "2", "--listener", listener);
            assertThat(JSON.readTree(out.get(0)).path("listener").asText()).isEqualTo(listener);
            for (String line : out.subList(1, out.size())) {
                JsonNode n = JSON.readTree(line);
                if (n.path("type").asText().equals("result")) {
                    long events = n.path("params").path("events").asLong();
                    // Held: the warm-up's first write queues the event every later write merges into.
                    assertThat(events).as(listener + " " + line).isEqualTo(listener.equals("held") ? 1 : events)
                            .isPositive();
                }
            }
        }
        List<String> pms = run("parent-modify-scale", "--workdir", dir.toString(), "--clients", "1", "--files", "8",
                "--iterations", "20000", "--warmup", "100", "--reps", "1", "--listener", "held");
        assertThat(JSON.readTree(pms.get(1)).path("params").path("events").asLong()).isEqualTo(1);
        CommandResult bad = new CommandRunner().run(List.of(bin.resolve("byte-write").toString(), "--listener",
                "lazy"), null, Duration.ofMinutes(1));
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.outputText()).contains("--listener is drain or held, not 'lazy'");
    }

    @Test
    void parentModifyScaleReportsEachClientCount(@TempDir Path dir) throws Exception {
        List<String> out = run("parent-modify-scale", "--workdir", dir.toString(), "--clients", "1,2", "--files", "8",
                "--iterations", "20000", "--warmup", "100", "--reps", "1");
        assertThat(metricsByRow(out)).containsOnlyKeys("1", "2").allSatisfy((row, metrics) -> assertThat(metrics)
                .containsExactlyInAnyOrder("avg_client_s", "max_client_s", "ns_per_write", "writes_per_s"));
        JsonNode r = JSON.readTree(out.get(1));
        assertThat(r.path("label").asText()).isEqualTo("Clients");
        assertThat(r.path("params").path("events").asLong()).isPositive();
        assertThat(r.path("params").has("overflows")).isTrue();
    }

    @Test
    void openCloseEveryModeWithPercentiles(@TempDir Path dir) throws Exception {
        List<String> out = run("openclose-evpath", "--workdir", dir.toString(), "--iterations", "5000", "--warmup",
                "100", "--reps", "1");
        assertThat(metricsByRow(out)).hasSize(4).allSatisfy((row, metrics) -> assertThat(metrics)
                .containsExactlyInAnyOrder("p50_ns", "p99_ns", "ops_per_s"));
        assertThat(metricsByRow(out).keySet()).allSatisfy(row -> assertThat(row).matches(
                "(none|other|parent|parent-nomatch) \\S+"));
    }

    @Test
    void addWatchLatencyWithChurningChildren(@TempDir Path dir) throws Exception {
        List<String> out = run("addwatch-latency", "--workdir", dir.toString(), "--files", "2000", "--iterations",
                "20", "--duration", "0.5", "--reps", "1");
        assertThat(metricsByRow(out)).containsOnlyKeys("2000").allSatisfy((row, metrics) -> assertThat(metrics)
                .containsExactlyInAnyOrder("add_avg_ns", "add_p50_ns", "add_max_ns", "ns_per_child", "mutate_p99_ns",
                        "mutate_max_ns"));
        assertThat(JSON.readTree(out.get(1)).path("params").path("mutations").asLong()).isPositive();
    }

    @Test
    void pipeMessagingPerGroupCount() throws Exception {
        List<String> out = run("pipe-messaging", "--clients", "1,2", "--iterations", "50", "--reps", "1");
        assertThat(metricsByRow(out)).containsOnlyKeys("1", "2")
                .allSatisfy((row, metrics) -> assertThat(metrics).containsExactly("total_s"));
        assertThat(JSON.readTree(out.get(1)).path("label").asText()).isEqualTo("groups");
    }

    @Test
    void scaleOpsEveryOperationLayoutAndKind(@TempDir Path dir) throws Exception {
        List<String> out = run("scale-ops", "--workdir", dir.toString(), "--clients", "1", "--duration", "0.1",
                "--modes", "none,other", "--reps", "1");
        Map<String, Set<String>> rows = metricsByRow(out);
        for (String mode : List.of("none", "other")) {
            for (String op : List.of("write", "pwrite", "read", "pread", "open", "unlink")) {
                for (String layout : List.of("shared", "per-task")) {
                    for (String kind : List.of("process", "thread")) {
                        assertThat(rows).containsKey(mode + " " + op + " " + layout + " " + kind + " 1");
                    }
                }
            }
            assertThat(rows).containsKeys(mode + " pipe - process 1", mode + " pipe - thread 1");
        }
        assertThat(rows.values()).allSatisfy(m -> assertThat(m).containsExactly("per_task_ops_s"));
    }

    @Test
    void ioUringPeakRunsBothModesAndSaysWhatItSkipped(@TempDir Path dir) throws Exception {
        List<String> out = run("iouring-peak", "--workdir", dir.toString(), "--duration", "2", "--reps", "1");
        BootResults p = new ResultParser().parse(Side.BASE, 0, out);
        Set<String> rows = new TreeSet<>();
        p.samples().forEach(s -> rows.add(s.variant()));
        assertThat(rows).contains("none irq", "other irq");
        assertThat(p.samples()).allSatisfy(s -> {
            assertThat(s.metric()).isEqualTo("iops");
            assertThat(s.value()).isPositive();
        });
        if (!rows.contains("none polled")) {
            assertThat(p.skipped()).anySatisfy(s -> assertThat(s).contains("polled"));
        }
    }

    @Test
    void theGatePassesOnThisKernel(@TempDir Path dir) throws Exception {
        BootResults p = new ResultParser().parse(Side.BASE, 0, run("fsnotify-gate", "--workdir",
                dir.toString()));
        assertThat(p.gateFailures()).isEmpty();
        List<String> checks = new ArrayList<>();
        for (String line : run("fsnotify-gate", "--workdir", dir.toString())) {
            JsonNode n = JSON.readTree(line);
            if (n.path("type").asText().equals("gate")) {
                checks.add(n.path("check").asText() + "=" + n.path("status").asText());
            }
        }
        assertThat(checks).contains("inotify-create=pass", "inotify-modify=pass", "inotify-close-write=pass",
                "inotify-move=pass", "inotify-delete=pass", "inotify-overflow=pass");
        // As root (CI) fanotify permission events must be validated, not skipped.
        if ("root".equals(System.getProperty("user.name"))) {
            assertThat(checks).contains("fanotify-perm-allow=pass", "fanotify-perm-deny=pass");
        }
    }

    @Test
    void theGateFailsWhenItsWatchHasTheWrongMaskAndExitsOneSayingWhich(@TempDir Path dir) throws Exception {
        CommandResult r = exec(1, "fsnotify-gate", "--workdir", dir.toString(), "--variants", "break-mask");
        assertThat(r.outputText()).containsPattern("fsnotify-gate: \\d+ check\\(s\\) failed: inotify-create,");
        BootResults p = new ResultParser().parse(Side.BASE, 0, jsonLines(r, "fsnotify-gate"));
        assertThat(p.gateFailures()).anySatisfy(f -> assertThat(f).startsWith("inotify-create"))
                .anySatisfy(f -> assertThat(f).startsWith("inotify-overflow"));
        assertThat(p.gateFailures().size()).isGreaterThanOrEqualTo(6);
    }

    /** Whether this machine's CPU has a PMU the kernel offers (no "cpu" event source in a VM that hides it). */
    private static boolean hostHasPmu() {
        return java.nio.file.Files.isDirectory(Path.of("/sys/bus/event_source/devices/cpu"));
    }

    @Test
    void withoutAPmuTheInstructionMetricsAreAbsentNeverZero(@TempDir Path dir) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeFalse(hostHasPmu(), "this host has a PMU: the next test covers it");
        Map<String, Set<String>> m = metricsByRow(run("byte-write", "--workdir", dir.toString(), "--iterations",
                "2000", "--warmup", "10", "--modes", "none,parent", "--reps", "1"));
        assertThat(m.values()).allSatisfy(metrics -> assertThat(metrics).contains("ns_per_op")
                .doesNotContain("insns_per_op", "read_insns_per_op"));
    }

    @Test
    void withAPmuEachModeCountsItsInstructionsAndAWatchedParentCostsMore(@TempDir Path dir) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(hostHasPmu(), "this host exposes no PMU"
                + " (/sys/bus/event_source/devices/cpu is absent: a hypervisor that hides it, as here)");
        List<Sample> s = new ResultParser().parse(Side.BASE, 0, run("byte-write", "--workdir", dir.toString(),
                "--iterations", "20000", "--warmup", "100", "--modes", "none,parent", "--reps", "1")).samples();
        Map<String, Double> insns = new TreeMap<>();
        s.stream().filter(x -> x.metric().equals("insns_per_op")).forEach(x -> insns.put(x.variant(), x.value()));
        assertThat(insns).containsOnlyKeys("none", "parent");
        assertThat(insns.get("parent")).as("a parent watch adds the event's path").isGreaterThan(insns.get("none"));
    }
}
