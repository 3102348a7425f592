package org.fsnbot.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a command prints is the command's to choose: fsnbot keeps a bounded part of it, and says so. */
class CommandRunnerTest {

    private static long keptChars(CommandResult r) {
        return r.output().stream().mapToLong(String::length).sum();
    }

    @Test
    void oneTwoGigabyteLineIsCutAndTheCommandStopped() throws Exception {
        AtomicLong seen = new AtomicLong();
        CommandResult r = new CommandRunner().run(List.of("sh", "-c",
                "head -c 2147483648 /dev/zero | tr '\\0' x; echo never"), null, Map.of(), Duration.ofMinutes(2),
                line -> seen.addAndGet(line.length()));
        assertThat(r.ok()).isFalse();
        assertThat(r.stoppedForOutput()).isTrue();
        assertThat(r.limitsHit()).extracting(LimitHit::kind).containsExactly(LimitHit.Kind.OUTPUT);
        assertThat(keptChars(r)).isLessThan(OutputLimits.defaults().lineBytes() + 200);
        assertThat(seen.get()).isLessThan(OutputLimits.defaults().lineBytes() + 200);
        assertThat(r.output().get(0)).startsWith("xxxx").contains("[fsnbot: line cut, 4096 of ");
        assertThat(r.outputText()).contains("[fsnbot: stopped: the output passed 64 MiB]").doesNotContain("never");
    }

    @Test
    void fiftyThousandLinesOfAHundredKilobytesAreCutToTheLimits() throws Exception {
        CommandResult r = new CommandRunner().run(List.of("sh", "-c",
                "l=$(head -c 102400 /dev/zero | tr '\\0' y); i=0; while [ $i -lt 50000 ]; do echo \"$l\";"
                        + " i=$((i+1)); done"), null, Map.of(), Duration.ofMinutes(2), line -> { });
        assertThat(r.stoppedForOutput()).isTrue();
        assertThat(keptChars(r)).isLessThanOrEqualTo(OutputLimits.defaults().keptBytes() + 8192);
        assertThat(r.output()).allMatch(l -> l.length() < 4200);
    }

    @Test
    void manyShortLinesKeepTheirTailAndSayHowManyWentBefore() throws Exception {
        CommandResult r = new CommandRunner(new OutputLimits(100, 1000, 10, 1 << 20)).run(List.of("seq", "1", "50"),
                null, Map.of(), Duration.ofSeconds(30), line -> { });
        assertThat(r.ok()).isTrue();
        assertThat(r.output()).containsExactly("[fsnbot: 40 earlier lines not kept]", "41", "42", "43", "44", "45",
                "46", "47", "48", "49", "50");
    }

    @Test
    void runToFileKeepsAtMostMaxBytesInANewFileAndNeverOpensAnExistingName(@TempDir Path dir) throws Exception {
        CommandRunner runner = new CommandRunner();
        Path out = dir.resolve("out");
        CommandRunner.Copy c = runner.runToFile(new CommandRunner.Invocation(List.of("sh", "-c",
                "head -c 5000000 /dev/zero; echo err >&2"), null, Map.of(), false, Duration.ofSeconds(30)), out,
                1 << 20);
        assertThat(c.cut()).isTrue();
        assertThat(c.bytes()).isEqualTo(1 << 20);
        assertThat(Files.size(out)).isEqualTo(1 << 20);
        Path target = Files.writeString(dir.resolve("target"), "keep");
        Path link = Files.createSymbolicLink(dir.resolve("link"), target);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> runner.runToFile(new CommandRunner.Invocation(
                List.of("echo", "over"), null, Map.of(), false, Duration.ofSeconds(30)), link, 100))
                .isInstanceOf(java.nio.file.FileAlreadyExistsException.class);
        assertThat(target).hasContent("keep");
    }

    @Test
    void aCopyFromAProcessThatNeitherWritesNorExitsEndsAtItsDeadline(@TempDir Path dir) throws Exception {
        long start = System.nanoTime();
        CommandRunner.Copy c = new CommandRunner().runToFile(new CommandRunner.Invocation(List.of("sh", "-c",
                "sleep 60"), null, Map.of(), false, Duration.ofSeconds(1)), dir.resolve("out"), 1 << 20);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).as("the copy waited past its deadline")
                .isLessThan(Duration.ofSeconds(30));
        assertThat(c.result().timedOut()).isTrue();
        assertThat(c.bytes()).isZero();
    }
}
