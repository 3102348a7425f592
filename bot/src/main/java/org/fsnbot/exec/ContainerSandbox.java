package org.fsnbot.exec;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.command.WaitContainerResultCallback;
import com.github.dockerjava.api.exception.DockerException;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.AccessMode;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Capability;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.Device;
import com.github.dockerjava.api.model.Frame;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.StreamType;
import com.github.dockerjava.api.model.Ulimit;
import com.github.dockerjava.api.model.Volume;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;

/**
 * sandbox.mode container, for fleets: each step in a fresh Docker container
 * of an image fsnbot makes from Debian packages (scripts/build-image.sh),
 * through the Docker client Testcontainers maintains. No network, a
 * read-only root file system with a private /tmp and /var/tmp, the step's
 * mounts at their host paths and nothing else of the host, every
 * capability dropped, no new privileges, fsnbot's seccomp profile (the
 * same system calls refused as bwrap's filter: SeccompFilter.DENIED), the
 * container's cgroup bounding memory, processes and CPU, and rlimits for
 * CPU time and file size. Every step runs as the sandbox user's uid.
 *
 * A container does not die with the process that started it: its command
 * runs under `timeout -s KILL` for the step's wall time, it carries the
 * label fsnbot.owner, and a new ContainerSandbox removes every container
 * a killed fsnbot left.
 */
public final class ContainerSandbox implements Sandbox {

    static final String LABEL = "fsnbot.owner";

    private static final Logger log = LoggerFactory.getLogger(ContainerSandbox.class);

    private final DockerClient docker;
    private final String image;
    private final Confinement confinement;
    private final Ownership ownership;
    private final OutputLimits limits = OutputLimits.defaults();
    private final String seccompProfile;

    public ContainerSandbox(CommandRunner runner, String image, Confinement confinement) throws IOException {
        // Testcontainers reads these two only from the environment. Without
        // them it would pull images of its own (Ryuk, and one to find the
        // Docker host's address), which no registry here serves.
        if (!Boolean.parseBoolean(System.getenv("TESTCONTAINERS_RYUK_DISABLED"))
                || System.getenv("TESTCONTAINERS_HOST_OVERRIDE") == null) {
            throw new IllegalArgumentException("sandbox.mode container needs TESTCONTAINERS_RYUK_DISABLED=true and"
                    + " TESTCONTAINERS_HOST_OVERRIDE=localhost in fsnbot's environment (fsnbot removes its own"
                    + " containers; docs/security.md)");
        }
        this.image = image;
        this.confinement = confinement;
        this.ownership = new Ownership(runner, confinement.user());
        this.seccompProfile = DockerSeccomp.profile();
        try {
            this.docker = DockerClientFactory.instance().client();
            docker.inspectImageCmd(image).exec();
        } catch (NotFoundException e) {
            throw new IllegalArgumentException("sandbox.image " + image + " is not there: scripts/build-image.sh"
                    + " makes it", e);
        } catch (IllegalStateException | DockerException e) {
            throw new IOException("sandbox.mode container: no Docker engine to talk to: " + e.getMessage(), e);
        }
        int removed = removeLeftovers();
        if (removed > 0) {
            log.warn("removed {} container(s) a previous fsnbot on {} left", removed, confinement.owner());
        }
    }

    /** Every container, running or not, that a gone fsnbot on our home left (OwnerMark.leftover). */
    private int removeLeftovers() {
        List<Container> left = docker.listContainersCmd().withShowAll(true).withLabelFilter(List.of(LABEL)).exec()
                .stream().filter(c -> OwnerMark.leftover(labelOf(c), confinement.owner())).toList();
        for (Container c : left) {
            docker.removeContainerCmd(c.getId()).withForce(true).exec();
        }
        return left.size();
    }

    private static String labelOf(Container c) {
        return c.getLabels() == null ? null : c.getLabels().get(LABEL);
    }

    @Override
    public CommandResult run(SandboxStep step, Consumer<String> onLine) throws IOException {
        ContainerOutput out = ContainerOutput.lines(limits, onLine);
        try {
            return exec(step, out);
        } finally {
            out.finish();
        }
    }

    @Override
    public CommandRunner.Copy runToFile(SandboxStep step, Path target, long maxBytes) throws IOException {
        ContainerOutput out = ContainerOutput.toFile(limits, target, maxBytes);
        try {
            CommandResult r = exec(step, out);
            return new CommandRunner.Copy(r, out.fileBytes(), out.cut());
        } finally {
            out.finish();
        }
    }

    private CommandResult exec(SandboxStep step, ContainerOutput out) throws IOException {
        for (Mount m : step.mounts()) {
            m.checkSource();
        }
        List<String> command = new ArrayList<>(List.of("timeout", "-s", "KILL",
                Long.toString(step.timeout().toSeconds())));
        command.addAll(step.command());
        String id;
        try {
            id = docker.createContainerCmd(image).withCmd(command).withWorkingDir(step.workDir().toString())
                    .withEnv(env(step)).withUser(who()).withLabels(Map.of(LABEL, confinement.owner()))
                    .withNetworkDisabled(true).withHostConfig(hostConfig(step)).exec().getId();
        } catch (DockerException e) {
            throw new IOException("creating a container for " + step.command().get(0) + ": " + e.getMessage(), e);
        }
        long start = System.nanoTime();
        out.onOverflow(() -> docker.killContainerCmd(id).exec());
        try {
            docker.startContainerCmd(id).exec();
            try (ContainerOutput logs = docker.logContainerCmd(id).withStdOut(true).withStdErr(true)
                    .withFollowStream(true).exec(out)) {
                Integer exit = docker.waitContainerCmd(id).exec(new WaitContainerResultCallback())
                        .awaitStatusCode(step.timeout().toSeconds() + 60, TimeUnit.SECONDS);
                logs.awaitCompletion(30, TimeUnit.SECONDS);
                if (!out.overflowed()) {
                    catchUp(id, out);
                }
                long millis = (System.nanoTime() - start) / 1_000_000;
                boolean timedOut = millis >= step.timeout().toMillis();
                // Docker's memory cgroup says whether its OOM killer struck; it keeps no count.
                boolean oom = Boolean.TRUE.equals(docker.inspectContainerCmd(id).exec().getState().getOOMKilled());
                return out.result(command, exit == null ? -1 : exit, timedOut, millis).withLimitsHit(oom
                        ? List.of(new LimitHit(LimitHit.Kind.MEMORY, step.limits().memoryBytes(), 1)) : List.of());
            }
        } catch (DockerException e) {
            long millis = (System.nanoTime() - start) / 1_000_000;
            out.note("fsnbot: container failed: " + e.getMessage());
            return out.result(command, -1, millis >= step.timeout().toMillis(), millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + step.command().get(0), e);
        } finally {
            docker.removeContainerCmd(id).withForce(true).exec();
        }
    }

    /**
     * Docker can end a follow stream at the container's exit before the
     * last of its output (seen here: 638,976 of 1,048,576 bytes of a quick
     * `tail -c`); the stopped container's log has it all. Reads that log
     * again and hands out only what it had not had yet, per stream.
     */
    private void catchUp(String id, ContainerOutput out) throws InterruptedException {
        long stdout = out.received(StreamType.STDOUT);
        long stderr = out.received(StreamType.STDERR);
        ResultCallback.Adapter<Frame> rest = new ResultCallback.Adapter<>() {
            private long seenOut;
            private long seenErr;

            @Override
            public void onNext(Frame f) {
                byte[] b = f.getPayload();
                boolean isOut = f.getStreamType() == StreamType.STDOUT;
                long had = isOut ? stdout - seenOut : stderr - seenErr;
                if (isOut) {
                    seenOut += b.length;
                } else {
                    seenErr += b.length;
                }
                int skip = (int) Math.max(0, Math.min(b.length, had));
                if (skip < b.length) {
                    out.onNext(new Frame(f.getStreamType(), Arrays.copyOfRange(b, skip, b.length)));
                }
            }
        };
        try (ResultCallback.Adapter<Frame> r = docker.logContainerCmd(id).withStdOut(true).withStdErr(true)
                .withFollowStream(false).exec(rest)) {
            r.awaitCompletion(30, TimeUnit.SECONDS);
        } catch (IOException e) {
            out.note("fsnbot: reading the container's log again failed: " + e.getMessage());
        }
    }

    private List<String> env(SandboxStep step) {
        Map<String, String> env = new TreeMap<>(Map.of("PATH", "/usr/bin:/bin", "HOME", "/tmp", "TMPDIR", "/tmp",
                "LANG", "C.UTF-8", Orphans.VARIABLE, confinement.owner()));
        env.putAll(step.env());
        return env.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList();
    }

    /** No step of untrusted content runs as uid 0: the sandbox user, or (not root) fsnbot's own uid. */
    private String who() throws IOException {
        if (confinement.user().isPresent()) {
            return confinement.user().get().uid() + ":" + confinement.user().get().gid();
        }
        int uid = SandboxUser.currentUid();
        return uid + ":" + uid;
    }

    private HostConfig hostConfig(SandboxStep step) {
        Limits l = step.limits();
        List<Bind> binds = new ArrayList<>();
        List<Device> devices = new ArrayList<>();
        for (Mount m : step.mounts()) {
            String p = m.path().toString();
            switch (m.access()) {
                case READ_ONLY -> binds.add(new Bind(p, new Volume(p), AccessMode.ro));
                case WRITABLE -> binds.add(new Bind(p, new Volume(p), AccessMode.rw));
                case DEVICE -> devices.add(new Device("rwm", p, p));
            }
        }
        String scratch = "rw,exec,mode=1777,size=" + l.scratchBytes();
        return HostConfig.newHostConfig().withNetworkMode("none").withBinds(binds).withDevices(devices)
                .withReadonlyRootfs(true).withTmpFs(Map.of("/tmp", scratch, "/var/tmp", scratch))
                .withPidsLimit((long) l.processes()).withMemory(l.memoryBytes()).withMemorySwap(l.memoryBytes())
                .withNanoCPUs(Math.round(l.cpus() * 1e9))
                .withUlimits(List.of(new Ulimit("cpu", l.cpuSeconds(), l.cpuSeconds()),
                        new Ulimit("fsize", l.fileSizeBytes(), l.fileSizeBytes()), new Ulimit("core", 0L, 0L)))
                .withCapDrop(Capability.ALL)
                .withSecurityOpts(List.of("no-new-privileges", "seccomp=" + seccompProfile)).withInit(true);
    }

    @Override
    public Space space(Path dir, long bytes) throws IOException {
        return confinement.spaces().make(dir, bytes);
    }

    @Override
    public void handOver(Path dir) throws IOException {
        ownership.handOver(dir);
    }

    @Override
    public void takeBack(Path dir) throws IOException {
        ownership.takeBack(dir);
    }

    @Override
    public String describe() {
        return "container " + image + " (no network, only the job's files" + confinement.user().map(u -> ", user "
                + u.name()).orElse("") + ", seccomp, cgroup)";
    }

    @Override
    public boolean confines() {
        return true;
    }
}
