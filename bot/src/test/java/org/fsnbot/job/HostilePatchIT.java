package org.fsnbot.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.fsnbot.app.Application;
import org.fsnbot.app.Config;
import org.fsnbot.build.KernelConfig;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.exec.Orphans;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.plan.Profile;
import org.fsnbot.testing.ExampleVariants;
import org.fsnbot.testing.HostilePatch;
import org.fsnbot.testing.KernelFixture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A patch whose build attacks the runner, through a whole job: it must
 * reach nothing, leak nothing, write nothing outside its own object
 * directory, leave the base and the checkout as they were, and the bot
 * must answer with a reply that says what happened. Every assertion here
 * fails when the protection it checks is taken away.
 */
@Tag("e2e")
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
        Path baseObj = home.resolve("build").resolve(baseCommit + "-" + KernelConfig.builtin().hash()).resolve("base");
        Path checkout = home.resolve("src").resolve(baseCommit);
        String baseBefore = digest(baseObj);
        Path hostTmp = Path.of("/tmp");
        List<Path> plantIn = List.of(checkout, baseObj, hostTmp, home, home.resolve("ccache"), home.resolve("db"));

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
                    home.resolve("db/fsnbot.mv.db"), plantIn));

            JobOutcome o = app.jobRunner().run(PatchTestIT.request(mbox, Profile.load("quick")));

            assertThat(connections.get()).as("connections the build made to the host").isZero();
            assertThat(o.kind()).isEqualTo(ReplyKind.BUILD_FAILURE);
            String body = o.body();
            assertThat(body).as("the reply quotes the process limit the fork bomb hit")
                    .containsPattern("Cannot fork|Resource temporarily unavailable");
            assertThat(body).contains("sandbox:   " + (mode == Config.Sandboxing.Mode.BWRAP ? "bubblewrap"
                    : "container fsnbot-build:bookworm") + " (no network, only the job's files");

            Path patchedObj;
            try (Stream<Path> builds = Files.list(baseObj.getParent())) {
                patchedObj = builds.filter(p -> p.getFileName().toString().startsWith("patched-"))
                        .filter(p -> Files.exists(p.resolve("fsnbot-build.log")))
                        .filter(p -> read(p.resolve("fsnbot-build.log")).contains(HostilePatch.SAY + " start"))
                        .findFirst().orElseThrow(() -> new AssertionError("no build log of the hostile build"));
            }
            String log = read(patchedObj.resolve("fsnbot-build.log"));
            assertThat(log).contains(HostilePatch.SAY + " connect: refused",
                    HostilePatch.SAY + " secret: not in the environment", HostilePatch.SAY + " database: not readable");
            for (Path p : plantIn) {
                if (!p.equals(hostTmp)) {
                    assertThat(log).contains(HostilePatch.SAY + " could not write " + p.resolve("fsnbot-planted"));
                }
                assertThat(p.resolve("fsnbot-planted")).as("planted in %s", p).doesNotExist();
            }
            assertThat(containsAnywhere(patchedObj, secret)).as("the secret in the build's files").isFalse();
            assertThat(containsAnywhere(home.resolve("jobs").resolve(Long.toString(o.jobId())), secret)).isFalse();
            assertThat(body).doesNotContain(secret);
            assertThat(Files.exists(patchedObj.resolve("stolen-db")) ? Files.size(patchedObj.resolve("stolen-db")) : 0)
                    .as("bytes of the database the build copied").isZero();
        }

        assertThat(digest(baseObj)).as("the base object directory, file by file").isEqualTo(baseBefore);
        assertThat(new CommandRunner().check(List.of("git", "status", "--porcelain", "--ignored"), checkout,
                Duration.ofMinutes(5)).outputText()).as("the checkout after the job").isBlank();
        assertThat(new Orphans(home.toString()).marked()).as("processes the job left").isEmpty();
        assertThat(app.store().count("jobs", "id > ?", 0L)).as("the bot still answers").isPositive();
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
