package org.fsnbot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.fsnbot.testing.Repo;
import org.junit.jupiter.api.Test;

/**
 * deploy/systemd's units as systemd reads them (systemd-analyze verify:
 * no unknown key, no command that is not there) and as this fsnbot reads
 * their command lines: every option they give is one fsnbot has.
 */
class SystemdUnitsTest {

    private static List<Path> units() throws IOException {
        try (Stream<Path> s = Files.list(Repo.root().resolve("deploy/systemd"))) {
            return s.filter(p -> p.toString().endsWith(".service")).sorted().toList();
        }
    }

    @Test
    void systemdReadsEveryUnitWithoutAWord() throws Exception {
        List<Path> units = units();
        assertThat(units).extracting(p -> p.getFileName().toString()).containsExactly("fsnbot-coordinator.service",
                "fsnbot-runner.service");
        for (Path u : units) {
            Process p = new ProcessBuilder("systemd-analyze", "verify", u.toString()).redirectErrorStream(true).start();
            String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor()).as(said).isZero();
            assertThat(said).as(u.toString()).isEmpty();
        }
    }

    @Test
    void theirCommandsAreFsnbotsAndSigtermIsASuccess() throws Exception {
        for (Path u : units()) {
            List<String> lines = Files.readAllLines(u);
            assertThat(lines).as(u.toString()).contains("SuccessExitStatus=143", "RestartPreventExitStatus=2",
                    "KillSignal=SIGTERM");
            String exec = lines.stream().filter(l -> l.startsWith("ExecStart=")).findFirst().orElseThrow();
            List<String> words = Arrays.asList(exec.substring("ExecStart=".length()).split(" "));
            List<String> args = words.subList(words.indexOf("-jar") + 2, words.size());
            picocli.CommandLine cli = new picocli.CommandLine(new Main());
            assertThat(cli.parseArgs(args.toArray(String[]::new)).subcommand().commandSpec().name())
                    .isIn("run", "runner");
        }
    }
}
