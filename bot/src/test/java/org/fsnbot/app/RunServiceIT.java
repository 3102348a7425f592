package org.fsnbot.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.fsnbot.exec.CommandResult;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.testing.FleetProcesses;
import org.fsnbot.testing.MiniTree;
import org.fsnbot.testing.PublicInbox;
import org.fsnbot.testing.Sandboxes;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `fsnbot run` as an operator starts it, in a JVM of its own: its first
 * base tree cannot be reached (a host that does not resolve), and it must
 * stay up, say it will try again, and meanwhile serve its local inbox (a
 * stranger's #fsnbot help is answered on the list). While it holds its
 * home, nothing of it listens beyond loopback, and another user of the
 * machine can neither read its database and outbox nor log in to the
 * database over its loopback listener.
 */
@Tag("e2e")
class RunServiceIT {

    private static final String UNREACHABLE = "https://unreachable.invalid/pub/scm/linux/kernel/git/jack/linux-fs.git";

    @TempDir
    Path tmp;

    @Test
    void runStaysUpWithoutItsBaseTreeServesItsInboxAndKeepsItsStoreToItself() throws Exception {
        assumeThat(PublicInbox.installed()).as("public-inbox (scripts/setup.sh installs it)").isTrue();
        assumeThat(Sandboxes.root()).as("another uid is tried with setpriv, which takes root").isTrue();
        Path home = tmp.resolve("home");
        Path mail = Files.writeString(tmp.resolve("help.eml"), String.join("\n",
                "From: Someone <someone@example.net>",
                "To: fsnbot <fsnbot@fsnbot.localhost>",
                "Cc: linux-fsdevel@vger.kernel.org",
                "Subject: Re: [PATCH] fsnotify: anything",
                "Date: Wed, 02 Dec 2026 06:00:00 +0000",
                "Message-ID: <help-1@example.net>",
                "",
                "#fsnbot help",
                ""), StandardCharsets.UTF_8);
        Path patch = Files.writeString(tmp.resolve("patch.eml"), MiniTree.patch("<patch-1@example.net>",
                "Dev <dev@example.net>", "[PATCH] fsnotify: followed while the tree is away"), StandardCharsets.UTF_8);
        try (PublicInbox pi = new PublicInbox(tmp.resolve("pi"));
                FleetProcesses run = new FleetProcesses(tmp, System.getenv())) {
            pi.create("fsdevel");
            pi.deliver("fsdevel", mail);
            pi.deliver("fsdevel", patch);
            Path cfg = Files.writeString(tmp.resolve("fsnbot.yaml"), String.join("\n",
                    "home: \"" + home + "\"",
                    "pollMinutes: 1",
                    "inboxes:",
                    "  - name: fsdevel",
                    "    url: \"" + pi.inboxDir("fsdevel") + "\"",
                    "allInbox: \"\"", "runner: {calibrationPairs: 0}",
                    "bases:",
                    "  - tree: \"" + UNREACHABLE + "\"",
                    "    rev: fsnotify",
                    "watch: []",
                    ""));
            Process p = run.start("run", "run", "--config", cfg.toString());
            Path outbox = home.resolve("outbox");
            long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
            while (emls(outbox).isEmpty() && p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(500);
            }
            String log = run.output("run");
            assertThat(p.isAlive()).as("fsnbot run is still up:\n%s", log).isTrue();
            assertThat(log).contains("MAINTAINERS of " + UNREACHABLE + " fsnotify cannot be read",
                    "following with the fsnotify entries bundled with fsnbot", "trying again at the first poll after");
            assertThat(emls(outbox)).as("the stranger's help answered on the list meanwhile").hasSize(1);
            assertThat(Files.readString(emls(outbox).get(0))).contains("linux-fsdevel@vger.kernel.org");
            assertThat(log).contains("1 fsnotify patch(es)");

            assertThat(listeners(p.pid())).as("what fsnbot run listens on").isNotEmpty()
                    .allMatch(a -> a.equals("127.0.0.1") || a.equals("::1") || a.equals("::ffff:127.0.0.1"));

            Path db = home.resolve("db/fsnbot.mv.db");
            assertThat(db).exists();
            // The test's own directory opened to everyone, as /var/lib or /home is: what keeps
            // the other user out is then the home's own modes, the database's and the outbox's.
            Files.setPosixFilePermissions(tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
            CommandResult asNobody = nobody("ls " + tmp + " > /dev/null && echo listed-tmp; cat " + db
                    + " > /dev/null && echo read-db; ls " + home + " && echo listed-home; cat " + emls(outbox).get(0)
                    + " > /dev/null && echo read-outbox; true");
            assertThat(asNobody.output()).as(asNobody.outputText()).contains("listed-tmp")
                    .doesNotContain("read-db", "listed-home", "read-outbox");
            Path lock = home.resolve("db/fsnbot.lock.db");
            String server = locked(lock, "server");
            String port = server.substring(server.lastIndexOf(':') + 1);
            Path jar = Files.copy(FleetProcesses.jar(), tmp.resolve("h2-client.jar"));
            String shell = Path.of(System.getProperty("java.home"), "bin", "java") + " -cp " + jar
                    + " org.h2.tools.Shell -url jdbc:h2:tcp://127.0.0.1:" + port + "/";
            String query = " -user fsnbot -password '%s' -sql 'SELECT COUNT(*) FROM jobs' && echo logged-in; true";
            CommandResult byPath = nobody(shell + home.resolve("db/fsnbot") + String.format(query, ""));
            assertThat(byPath.outputText()).as("a login by the database's path (the listener maps only its key)")
                    .doesNotContain("logged-in");
            // The key is in the lock file, which only fsnbot can read; were it
            // to leak, the password is what is left, and the login shows it holds.
            String key = locked(lock, "id");
            CommandResult withKey = nobody(shell + key + String.format(query, ""));
            assertThat(withKey.outputText()).as("a login with the key and the empty password")
                    .doesNotContain("logged-in").containsIgnoringCase("password");
            String password = Files.readString(home.resolve("db/password")).strip();
            CommandResult control = nobody(shell + key + String.format(query, password));
            assertThat(control.outputText()).as("the same login with fsnbot's password gets in: the URL is right")
                    .contains("logged-in");
        }
    }

    private static List<Path> emls(Path outbox) throws IOException {
        if (!Files.isDirectory(outbox)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(outbox)) {
            return s.filter(f -> f.toString().endsWith(".eml")).toList();
        }
    }

    /** Runs a shell line as nobody, the stand-in for another user of the machine. */
    private static CommandResult nobody(String line) throws IOException {
        return new CommandRunner().run(List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "sh",
                "-c", "cd /tmp && " + line), null, java.util.Map.of("HOME", "/tmp"), Duration.ofMinutes(2),
                l -> { });
    }

    /** A property of H2's lock file: server (host:port of its AUTO_SERVER) or id (the key the listener maps). */
    private static String locked(Path lock, String property) throws IOException {
        for (String l : Files.readAllLines(lock, StandardCharsets.ISO_8859_1)) {
            if (l.startsWith(property + "=")) {
                return l.substring(property.length() + 1).trim();
            }
        }
        throw new AssertionError("no " + property + " line in " + lock);
    }

    /** The local addresses of every listening TCP socket the process holds (from /proc/net/tcp and tcp6). */
    private static List<String> listeners(long pid) throws IOException {
        Set<String> inodes = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException gone) {
                    // closed while we looked
                }
            }
        }
        List<String> out = new ArrayList<>();
        for (String table : List.of("tcp", "tcp6")) {
            List<String> lines = Files.readAllLines(Path.of("/proc/net", table));
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.trim().split("\\s+");
                if (f[3].equals("0A") && inodes.contains(f[9])) {
                    out.add(address(f[1].substring(0, f[1].indexOf(':'))));
                }
            }
        }
        return out;
    }

    /** A /proc/net address (hex, little-endian per 32-bit word) as text. */
    private static String address(String hex) throws IOException {
        byte[] b = new byte[hex.length() / 2];
        for (int w = 0; w < b.length / 4; w++) {
            for (int i = 0; i < 4; i++) {
                b[w * 4 + i] = (byte) Integer.parseInt(hex.substring(w * 8 + (3 - i) * 2, w * 8 + (3 - i) * 2 + 2),
                        16);
            }
        }
        String a = java.net.InetAddress.getByAddress(b).getHostAddress();
        return a.equals("0:0:0:0:0:ffff:7f00:1") ? "::ffff:127.0.0.1" : a.equals("0:0:0:0:0:0:0:1") ? "::1" : a;
    }
}
