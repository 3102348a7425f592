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
import com.github.dockerjava.api.model.Ulimit;
import com.github.dockerjava.api.model.Volume;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
 * capability dropped, no new privileges, a process and memory limit on
 * the container and rlimits for CPU time and file size. Untrusted code runs
 * as the sandbox user's uid, git reading mail as fsnbot's own.
 *
 * A container does not die with the process that started it: its command
 * runs under `timeout -s KILL` for the step's wall time, it carries the
 * label fsnbot.owner, and a new ContainerSandbox removes every container
 * a killed fsnbot left.
 */
public final class ContainerSandbox implements Sandbox {

    static final String LABEL = "fsnbot.owner";
    private static final int KEEP_LINES = 20000;

    private static final Logger log = LoggerFactory.getLogger(ContainerSandbox.class);

    private final DockerClient docker;
    private final String image;
    private final Optional<SandboxUser> user;
    private final String owner;
    private final Ownership ownership;

    public ContainerSandbox(CommandRunner runner, String image, Optional<SandboxUser> user, String owner)
            throws IOException {
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
        this.user = user;
        this.owner = owner;
        this.ownership = new Ownership(runner, user);
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
            log.warn(
                    "removed {} container(s) a previous fsnbot on {} left", removed, owner);
        }
    }

    /** Every container with our label, running or not: what a killed fsnbot left. */
    private int removeLeftovers() {
        List<Container> left = docker.listContainersCmd().withShowAll(true)
                .withLabelFilter(Map.of(LABEL, owner)).exec();
        for (Container c : left) {
            docker.removeContainerCmd(c.getId()).withForce(true).exec();
        }
        return left.size();
    }

    @Override
    public CommandResult run(SandboxStep step, Consumer<String> onLine) throws IOException {
        List<String> command = new ArrayList<>(List.of("timeout", "-s", "KILL",
                Long.toString(step.timeout().toSeconds())));
        command.addAll(step.command());
        String id;
        try {
            id = docker.createContainerCmd(image).withCmd(command).withWorkingDir(step.workDir().toString())
                    .withEnv(env(step)).withUser(who(step)).withLabels(Map.of(LABEL, owner))
                    .withNetworkDisabled(true).withHostConfig(hostConfig(step)).exec().getId();
        } catch (DockerException e) {
            throw new IOException("creating a container for " + step.command().get(0) + ": " + e.getMessage(), e);
        }
        long start = System.nanoTime();
        Lines lines = new Lines(onLine);
        try {
            docker.startContainerCmd(id).exec();
            try (ResultCallback.Adapter<Frame> logs = docker.logContainerCmd(id).withStdOut(true).withStdErr(true)
                    .withFollowStream(true).exec(lines)) {
                Integer exit = docker.waitContainerCmd(id).exec(new WaitContainerResultCallback())
                        .awaitStatusCode(step.timeout().toSeconds() + 60, TimeUnit.SECONDS);
                logs.awaitCompletion(30, TimeUnit.SECONDS);
                long millis = (System.nanoTime() - start) / 1_000_000;
                boolean timedOut = millis >= step.timeout().toMillis();
                return new CommandResult(command, exit == null ? -1 : exit, timedOut, lines.all(), millis);
            }
        } catch (DockerException e) {
            long millis = (System.nanoTime() - start) / 1_000_000;
            lines.add("fsnbot: container failed: " + e.getMessage());
            return new CommandResult(command, -1, millis >= step.timeout().toMillis(), lines.all(), millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + step.command().get(0), e);
        } finally {
            docker.removeContainerCmd(id).withForce(true).exec();
        }
    }

    private List<String> env(SandboxStep step) {
        Map<String, String> env = new TreeMap<>(Map.of("PATH", "/usr/bin:/bin", "HOME", "/tmp", "TMPDIR", "/tmp",
                "LANG", "C.UTF-8", Orphans.VARIABLE, owner));
        env.putAll(step.env());
        return env.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList();
    }

    private String who(SandboxStep step) throws IOException {
        if (step.handles() == SandboxStep.Handles.UNTRUSTED_CODE && user.isPresent()) {
            return user.get().uid() + ":" + user.get().gid();
        }
        int uid = SandboxUser.currentUid();
        return uid + ":" + uid;
    }

    private static HostConfig hostConfig(SandboxStep step) {
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
                .withPidsLimit((long) l.processes()).withMemory(l.addressSpaceBytes())
                .withUlimits(List.of(new Ulimit("cpu", l.cpuSeconds(), l.cpuSeconds()),
                        new Ulimit("fsize", l.fileSizeBytes(), l.fileSizeBytes()), new Ulimit("core", 0L, 0L)))
                .withCapDrop(Capability.ALL).withSecurityOpts(List.of("no-new-privileges")).withInit(true);
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
        return "container " + image + " (no network, only the job's files" + user.map(u -> ", user " + u.name())
                .orElse("") + ")";
    }

    @Override
    public boolean confines() {
        return true;
    }

    /** The container's output as lines, the last KEEP_LINES kept, each passed on as it completes. */
    private static final class Lines extends ResultCallback.Adapter<Frame> {

        private final Consumer<String> onLine;
        private final List<String> kept = new ArrayList<>();
        private final StringBuilder partial = new StringBuilder();

        Lines(Consumer<String> onLine) {
            this.onLine = onLine;
        }

        @Override
        public void onNext(Frame frame) {
            String text = new String(frame.getPayload(), StandardCharsets.UTF_8);
            synchronized (this) {
                for (char c : text.toCharArray()) {
                    if (c == '\n') {
                        add(partial.toString());
                        partial.setLength(0);
                    } else {
                        partial.append(c);
                    }
                }
            }
        }

        synchronized void add(String line) {
            kept.add(line);
            if (kept.size() > KEEP_LINES) {
                kept.remove(0);
            }
            onLine.accept(line);
        }

        synchronized List<String> all() {
            List<String> out = new ArrayList<>(kept);
            if (partial.length() > 0) {
                out.add(partial.toString());
            }
            return out;
        }
    }
}
