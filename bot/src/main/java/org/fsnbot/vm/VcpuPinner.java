package org.fsnbot.vm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.plan.NumaPlan;

/**
 * Pins a paused guest's vCPU threads to the host CPUs its NumaPlan gives
 * them, then resumes it (docs/numa.md). The vCPU thread ids come from QMP
 * (query-cpus-fast); QEMU reports them in its own PID namespace (the
 * sandbox's), so each is found on the host by the NSpid line of the QEMU
 * process's tasks. Pinning is taskset's (sched_setaffinity); QEMU's other
 * threads go to the plan's emulator CPUs when there are any. What each
 * vCPU thread may then run on (Cpus_allowed_list) is read back and
 * reported as a "placement" result line: a boot is pinned when it says
 * so, not when it was asked to be.
 */
final class VcpuPinner implements Runnable {

    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private final ServerSocketChannel listener;
    private final String bootId;
    private final NumaPlan plan;
    private final CommandRunner runner;
    private final Path proc;
    private volatile String report;
    private volatile String fatal;

    VcpuPinner(ServerSocketChannel listener, String bootId, NumaPlan plan, CommandRunner runner, Path proc) {
        this.listener = listener;
        this.bootId = bootId;
        this.plan = plan;
        this.runner = runner;
        this.proc = proc;
    }

    /** The placement line for the boot's results (after run). */
    String report() {
        return report;
    }

    /** Why the guest could not be resumed, if it could not (then QEMU was killed). */
    Optional<String> fatal() {
        return Optional.ofNullable(fatal);
    }

    @Override
    public void run() {
        ObjectMapper json = new ObjectMapper();
        ObjectNode r = json.createObjectNode().put("type", "placement");
        ArrayNode problems = json.createArrayNode();
        Optional<Long> pid = Optional.empty();
        try (QmpClient qmp = connect()) {
            pid = qemuPid();
            if (pid.isEmpty()) {
                problems.add("QEMU's process for boot " + bootId + " was not found: nothing pinned");
            } else if (plan.cpusPinned()) {
                pin(qmp, pid.get(), r, problems);
            }
            qmp.execute("cont");
        } catch (IOException | RuntimeException e) {
            fatal = "could not pin the vCPUs and resume the guest: " + e.getMessage();
            pid.or(this::qemuPid).flatMap(ProcessHandle::of).ifPresent(ProcessHandle::destroyForcibly);
            problems.add(fatal);
        }
        r.put("pinned", plan.cpusPinned() && problems.isEmpty());
        r.set("problems", problems);
        report = r.toString();
    }

    private QmpClient connect() throws IOException {
        return QmpClient.accept(listener, PATIENCE);
    }

    private void pin(QmpClient qmp, long pid, ObjectNode r, ArrayNode problems) throws IOException {
        Map<Long, Long> hostTids = hostTids(pid);
        Map<Long, Integer> vcpuOf = new HashMap<>();
        ArrayNode vcpus = r.putArray("vcpus");
        for (JsonNode cpu : qmp.execute("query-cpus-fast")) {
            int index = cpu.path("cpu-index").asInt();
            long nsTid = cpu.path("thread-id").asLong();
            Long tid = hostTids.get(nsTid);
            int want = plan.hostCpuOf(index);
            ObjectNode v = vcpus.addObject().put("vcpu", index).put("cpu", want);
            if (tid == null) {
                problems.add("vCPU " + index + ": thread " + nsTid + " not found on the host");
                continue;
            }
            vcpuOf.put(tid, index);
            taskset(Integer.toString(want), tid, problems);
            v.put("allowed", allowed(pid, tid));
            if (!v.path("allowed").asText().equals(Integer.toString(want))) {
                problems.add("vCPU " + index + " may run on " + v.path("allowed").asText() + ", not only " + want);
            }
        }
        String emulator = plan.emulatorCpus().stream().map(String::valueOf).collect(Collectors.joining(","));
        r.put("emulator", emulator);
        if (!emulator.isEmpty()) {
            for (long tid : hostTids.values()) {
                if (!vcpuOf.containsKey(tid)) {
                    taskset(emulator, tid, problems);
                }
            }
        }
    }

    private void taskset(String cpus, long tid, ArrayNode problems) throws IOException {
        CommandResult t = runner.run(List.of("taskset", "-p", "-c", cpus, Long.toString(tid)), null,
                Duration.ofSeconds(10));
        if (!t.ok()) {
            problems.add("taskset -p -c " + cpus + " " + tid + ": " + String.join(" | ", t.tail(2)));
        }
    }

    /** QEMU's process on the host: its comm is qemu-system-*, its command line names this boot. */
    private Optional<Long> qemuPid() {
        // QemuCommand puts the clock after the boot's id: the space keeps base-1 from matching base-10.
        String mark = "fsnbot.boot=" + bootId + " ";
        try (Stream<Path> procs = Files.list(proc)) {
            for (Path p : procs.filter(x -> x.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    String comm = Files.readString(p.resolve("comm")).trim();
                    String cmdline = new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8);
                    if (comm.startsWith("qemu-system") && cmdline.contains(mark)) {
                        return Optional.of(Long.parseLong(p.getFileName().toString()));
                    }
                } catch (IOException e) {
                    // Gone or not ours to read: not QEMU then.
                }
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** The process's threads: their id in the innermost PID namespace (what QMP reports) to the host's. */
    private Map<Long, Long> hostTids(long pid) throws IOException {
        Map<Long, Long> out = new HashMap<>();
        try (Stream<Path> tasks = Files.list(proc.resolve(Long.toString(pid)).resolve("task"))) {
            for (Path t : tasks.toList()) {
                long host = Long.parseLong(t.getFileName().toString());
                for (String line : Files.readAllLines(t.resolve("status"))) {
                    if (line.startsWith("NSpid:")) {
                        String[] ids = line.substring("NSpid:".length()).trim().split("\\s+");
                        out.put(Long.parseLong(ids[ids.length - 1]), host);
                    }
                }
            }
        }
        return out;
    }

    private String allowed(long pid, long tid) throws IOException {
        for (String line : Files.readAllLines(proc.resolve(Long.toString(pid)).resolve("task")
                .resolve(Long.toString(tid)).resolve("status"))) {
            if (line.startsWith("Cpus_allowed_list:")) {
                return line.substring("Cpus_allowed_list:".length()).trim();
            }
        }
        return "";
    }
}
