package org.fsnbot.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.fsnbot.app.Application;
import org.fsnbot.app.Config;
import org.fsnbot.build.BaseLocks;
import org.fsnbot.build.KernelBuilder;
import org.fsnbot.build.KernelConfig;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.exec.Orphans;
import org.fsnbot.exec.OwnerMark;
import org.fsnbot.exec.Spaces;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.plan.Profile;
import org.fsnbot.testing.ChildJvm;
import org.fsnbot.testing.ExampleVariants;
import org.fsnbot.testing.FleetProcesses;
import org.fsnbot.testing.HostilePatch;
import org.fsnbot.testing.KernelFixture;
import org.fsnbot.testing.SharedKernel;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A patch whose build attacks the runner, through a whole job: it must
 * reach nothing, leak nothing, write nothing outside its own object
 * directory, leave the base and the checkout as they were, and the bot
 * must answer with a reply that says what happened. Every assertion here
 * fails when the protection it checks is taken away.
 */
@Tag("e2e")
@ExtendWith(SharedKernel.class)
class HostilePatchIT {

    /** Set for the integration tests' JVM by the failsafe configuration. */
    static final String SECRET_VARIABLE = "FSNBOT_SMTP_PASSWORD";

    @ParameterizedTest
    @EnumSource(names = {"BWRAP", "CONTAINER"})
    void aHostileBuildReachesNothingAndLeavesNoTrace(Config.Sandboxing.Mode mode, @TempDir Path tmp)
            throws Exception {
        String secret = System.getenv(SECRET_VARIABLE);
        assertThat(secret).as("failsafe sets %s for this test", SECRET_VARIABLE).isNotBlank();
        Application app = PatchTestIT.e2eApplication(tmp.resolve("outbox"), mode);
        Path home = KernelFixture.home().toAbsolutePath().normalize();
        // The base is built (or reused) by a first job, so what follows can
        // be compared with it: the typo variant builds the base and fails fast.
        assertThat(app.jobRunner().run(PatchTestIT.request(ExampleVariants.notCompiling(tmp), Profile.load("quick")))
                .kind()).isEqualTo(ReplyKind.BUILD_FAILURE);
        String baseCommit = new CommandRunner().check(List.of("git", "rev-parse", PatchTestIT.base() + "^{commit}"),
                KernelFixture.tree(), Duration.ofMinutes(1)).outputText().strip();
        Path baseObj = home.resolve("build").resolve(baseCommit + "-" + KernelConfig.builtin().hash()).resolve("base")
                .resolve("obj");
        Path checkout = home.resolve("src").resolve(baseCommit);
        String baseBefore = digest(baseObj);
        Path hostTmp = Path.of("/tmp");
        List<Path> plantIn = List.of(checkout, baseObj, hostTmp, home, home.resolve("ccache"),
                KernelFixture.state().resolve("db"));

        AtomicInteger connections = new AtomicInteger();
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread accepter = new Thread(() -> {
                while (!listener.isClosed()) {
                    try {
                        Socket s = listener.accept();
                        connections.incrementAndGet();
                        s.close();
                    } catch (IOException closed) {
                        return;
                    }
                }
            });
            accepter.setDaemon(true);
            accepter.start();
            Path mbox = HostilePatch.write(tmp, new HostilePatch.Targets(listener.getLocalPort(), SECRET_VARIABLE,
                    KernelFixture.state().resolve("db/fsnbot.mv.db"), plantIn));

            JobOutcome o = app.jobRunner().run(PatchTestIT.request(mbox, Profile.load("quick")));

            assertThat(connections.get()).as("connections the build made to the host").isZero();
            assertThat(o.kind()).isEqualTo(ReplyKind.BUILD_FAILURE);
            String body = o.body();
            assertThat(body).as("the reply quotes the process limit the fork bomb hit")
                    .containsPattern("Cannot fork|Resource temporarily unavailable");
            if (mode == Config.Sandboxing.Mode.BWRAP) {
                assertThat(body).as("and says the build's cgroup stopped it").containsPattern(
                        "processes: \\d+ forks? refused at the build's limit of 512");
            }
            assertThat(body).contains("sandbox:   " + (mode == Config.Sandboxing.Mode.BWRAP ? "bubblewrap"
                    : "container fsnbot-build:bookworm") + " (no network, only the job's files");

            Path patchedObj = buildOf(baseObj, HostilePatch.SAY + " start " + tmp.getFileName());
            String log = read(patchedObj.resolve("build.log"));
            assertThat(log).contains(HostilePatch.SAY + " connect: refused",
                    HostilePatch.SAY + " secret: not in the environment", HostilePatch.SAY + " database: not readable");
            for (Path p : plantIn) {
                if (!p.equals(hostTmp)) {
                    assertThat(log).contains(HostilePatch.SAY + " could not write " + p.resolve("fsnbot-planted"));
                }
                assertThat(p.resolve("fsnbot-planted")).as("planted in %s", p).doesNotExist();
            }
            assertThat(containsAnywhere(patchedObj, secret)).as("the secret in the build's files").isFalse();
            assertThat(containsAnywhere(KernelFixture.state().resolve("jobs").resolve(Long.toString(o.jobId())), secret)).isFalse();
            assertThat(body).doesNotContain(secret);
            assertThat(patchedObj.resolve("obj")).as("the build's space is gone with what it held").doesNotExist();
        }

        assertThat(digest(baseObj)).as("the base object directory, file by file").isEqualTo(baseBefore);
        // Under the base's lock: a job of the other test lane may have a patch applied in it now.
        assertThat(new BaseLocks(home).holding(baseCommit, () -> new CommandRunner().check(List.of("git", "status",
                "--porcelain", "--ignored"), checkout, Duration.ofMinutes(5)).outputText()))
                .as("the checkout after the job").isBlank();
        assertThat(new Orphans(home.toString()).markedByThisOrGone()).as("processes the job left").isEmpty();
        assertThat(app.store().count("jobs", "id > ?", 0L)).as("the bot still answers").isPositive();
    }

    /** What a build leaves at a name fsnbot reads back. */
    enum Plant {
        /** A symlink to a root-only host file (the kernel) and to a name in a root-only directory (.config). */
        SYMLINK,
        /** A FIFO, which a plain open would wait on forever. */
        FIFO,
        /** A hard link: to the host file if the sandbox let it, else to a file of its own. */
        HARD_LINK
    }

    @ParameterizedTest
    @EnumSource(Plant.class)
    void whatABuildLeavesAtEveryNameFsnbotReadsBackIsNeitherFollowedNorWaitedOn(Plant plant, @TempDir Path tmp)
            throws Exception {
        Application app = PatchTestIT.e2eApplication(tmp.resolve("outbox"));
        Path vault = Files.createDirectories(tmp.resolve("vault"));
        Files.setPosixFilePermissions(vault, PosixFilePermissions.fromString("rwx------"));
        Path secret = Files.writeString(vault.resolve("secret"), "s3cret-of-the-host\n");
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
        Path canary = Files.createDirectories(vault.resolve("canary"));
        FileTime secretTime = Files.getLastModifiedTime(secret);
        String marker = "fsnbot-planted " + plant + " " + tmp.getFileName();
        List<String> script = new ArrayList<>(List.of("echo '" + marker + "' >&2"));
        for (String name : KernelBuilder.READ_BACK) {
            script.add("rm -f " + name);
            script.add(switch (plant) {
                case SYMLINK -> "ln -s " + (name.endsWith("bzImage") ? secret : canary.resolve("created")) + " "
                        + name;
                case FIFO -> "mkfifo " + name;
                case HARD_LINK -> "ln " + secret + " " + name + " 2>/dev/null || ln System.map " + name;
            });
        }
        Path mbox = HostilePatch.afterTheImage(tmp, "plant-" + plant.name().toLowerCase(Locale.ROOT),
                "leaves a " + plant.name().toLowerCase(Locale.ROOT) + " for fsnbot", script);
        String baseCommit = new CommandRunner().check(List.of("git", "rev-parse", PatchTestIT.base() + "^{commit}"),
                KernelFixture.tree(), Duration.ofMinutes(1)).outputText().strip();
        Path home = KernelFixture.home().toAbsolutePath().normalize();
        Path baseObj = home.resolve("build").resolve(baseCommit + "-" + KernelConfig.builtin().hash()).resolve("base")
                .resolve("obj");
        String baseBefore = digest(baseObj);

        JobOutcome o = app.jobRunner().run(PatchTestIT.request(mbox, PatchTestIT.tinyProfile(tmp, 120)));

        if (plant == Plant.HARD_LINK) {
            assertThat(o.kind()).as("a regular file of its own is read back, and is no kernel")
                    .isEqualTo(ReplyKind.INFRASTRUCTURE_FAILURE);
            assertThat(o.body()).contains("the patched kernel failed to boot twice");
        } else {
            assertThat(o.kind()).isEqualTo(ReplyKind.BUILD_FAILURE);
            assertThat(o.body()).contains("make succeeded, but arch/x86/boot/bzImage is not a regular file");
        }
        assertThat(read(buildOf(baseObj, marker).resolve("build.log"))).contains(marker);
        assertThat(o.body()).doesNotContain("s3cret");
        assertThat(secret).hasContent("s3cret-of-the-host\n");
        assertThat(Files.getLastModifiedTime(secret)).isEqualTo(secretTime);
        try (Stream<Path> made = Files.list(canary)) {
            assertThat(made).as("files that appeared where the links pointed").isEmpty();
        }
        assertThat(digest(baseObj)).as("the base object directory, file by file").isEqualTo(baseBefore);
        assertThat(Files.readString(Path.of("/proc/self/mountinfo"))).as("spaces this fsnbot left mounted")
                .doesNotContain(Spaces.sourceOf(OwnerMark.ofThisProcess(home.toString()).value()));
        assertThat(new Orphans(home.toString()).markedByThisOrGone()).as("processes the job left").isEmpty();
    }

    @Test
    void aBuildThatAllocates16GiBIsStoppedByItsCgroupAndTheReplySaysSo(@TempDir Path tmp) throws Exception {
        Application app = PatchTestIT.e2eApplication(tmp.resolve("outbox"));
        Path mbox = HostilePatch.atBuildTime(tmp, "allocate", "allocates 16 GiB", List.of(
                "echo 'fsnbot-allocating " + tmp.getFileName() + "' >&2",
                "perl -e '$x = \"x\" x (16 << 30); print STDERR \"allocated\\n\"'"));
        JobOutcome o = app.jobRunner().run(PatchTestIT.request(mbox, Profile.load("quick")));
        assertThat(o.kind()).isEqualTo(ReplyKind.BUILD_FAILURE);
        assertThat(o.body()).containsPattern("memory: the kernel's OOM killer ended \\d+ process(es)? at the")
                .contains("build's limit of 4096 MiB (its cgroup's memory.max)").doesNotContain("allocated");
    }

    /** How a build floods its output. */
    enum Flood {
        /** One line of 2 GB, no newline. */
        ONE_LINE("head -c 2147483648 /dev/zero | tr '\\0' x >&2"),
        /** 50,000 lines of 100 KB. */
        MANY_LINES("l=$(head -c 102400 /dev/zero | tr '\\0' y); i=0; while [ $i -lt 50000 ]; do echo \"$l\" >&2;"
                + " i=$((i+1)); done");

        final String shell;

        Flood(String shell) {
            this.shell = shell;
        }
    }

    /**
     * fsnbot itself in a JVM of 512 MiB, as the README's set-up runs it
     * only with more: a build's output must not be what fills it.
     */
    @ParameterizedTest
    @EnumSource(Flood.class)
    void aBuildThatFloodsItsOutputIsStoppedAndTheBotsHeapHolds(Flood flood, @TempDir Path tmp) throws Exception {
        Path mbox = HostilePatch.atBuildTime(tmp, "flood-" + flood.name().toLowerCase(Locale.ROOT),
                "floods its build output", List.of(flood.shell));
        Path cfg = Files.writeString(tmp.resolve("fsnbot.yaml"), String.join("\n",
                "home: \"" + KernelFixture.home() + "\"", ""));
        Path json = tmp.resolve("result.json");
        List<String> cmd = ChildJvm.command("-Xmx512m", "-jar", FleetProcesses.jar().toString(), "test-patch", "--config",
                cfg.toString(), "--tree", KernelFixture.tree().toString(), "--base", PatchTestIT.base(), "--mbox",
                mbox.toString(), "--profile", "quick", "--outbox", tmp.resolve("outbox").toString(), "--json",
                json.toString());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve("fsnbot.log")
                .toFile()).start();
        assertThat(p.waitFor(10, TimeUnit.MINUTES)).isTrue();
        String said = read(tmp.resolve("fsnbot.log"));
        assertThat(p.exitValue()).as(said).isEqualTo(3);
        assertThat(said).doesNotContain("OutOfMemoryError");
        String reply;
        try (Stream<Path> mails = Files.list(tmp.resolve("outbox"))) {
            reply = read(mails.filter(f -> f.toString().endsWith(".eml")).findFirst().orElseThrow());
        }
        assertThat(reply).contains("output: the build printed more than 64 MiB and was killed");
        assertThat(Files.size(json)).isLessThan(1 << 20);
    }

    /** The build directory (beside the base's) whose log holds marker. */
    private static Path buildOf(Path baseObj, String marker) throws IOException {
        try (Stream<Path> builds = Files.list(baseObj.getParent().getParent())) {
            return builds.filter(p -> p.getFileName().toString().startsWith("patched-"))
                    .filter(p -> Files.exists(p.resolve("build.log")))
                    .filter(p -> read(p.resolve("build.log")).contains(marker))
                    .findFirst().orElseThrow(() -> new AssertionError("no build log with " + marker));
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean containsAnywhere(Path dir, String needle) throws IOException {
        byte[] n = needle.getBytes(StandardCharsets.UTF_8);
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                if (indexOf(Files.readAllBytes(f), n) >= 0) {
                    return true;
                }
            }
        }
        return false;
    }

    private static int indexOf(byte[] hay, byte[] n) {
        outer:
        for (int i = 0; i + n.length <= hay.length; i++) {
            for (int j = 0; j < n.length; j++) {
                if (hay[i + j] != n[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** Every file's path, size and content hash: a directory's state, for before and after. */
    private static String digest(Path dir) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted().toList()) {
                md.update(dir.relativize(f).toString().getBytes(StandardCharsets.UTF_8));
                if (Files.isRegularFile(f, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    md.update(Files.readAllBytes(f));
                }
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
