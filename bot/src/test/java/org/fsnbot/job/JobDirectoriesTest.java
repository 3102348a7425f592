package org.fsnbot.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.exec.Spaces;
import org.fsnbot.exec.Space;
import org.fsnbot.testing.Sandboxes;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobDirectoriesTest {

    @Test
    void aNewJobsDirectoryIsEmptyWhateverAnotherRunLeftUnderItsNumber(@TempDir Path jobs) throws Exception {
        Path old = Files.createDirectories(jobs.resolve("7/boots"));
        Files.writeString(old.resolve("base-1.console.log"), "another database's job 7");
        JobDirectories dirs = new JobDirectories(jobs, new CommandRunner());

        Path dir = dirs.fresh(7);

        assertThat(dir).isEqualTo(jobs.resolve("7")).isEmptyDirectory();
        try (Stream<Path> left = Files.list(jobs)) {
            assertThat(left).as("nothing of the old job kept aside either").containsExactly(dir);
        }
        assertThat(dirs.fresh(8)).isEmptyDirectory();
        assertThatThrownBy(() -> dirs.of(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aTmpfsAKilledRunnerLeftMountedInItDoesNotStopTheNewJob(@TempDir Path jobs) throws Exception {
        Assumptions.assumeTrue(Sandboxes.root(), "mounting a tmpfs takes root (CI runs as root)");
        CommandRunner runner = new CommandRunner();
        Spaces killed = new Spaces(runner, "killed-runner-" + jobs);
        Path run = Files.createDirectories(jobs.resolve("2/boots")).resolve("patched-2-try1.run");
        // Never closed, as by a runner killed mid-boot.
        Space left = killed.make(run, 1 << 20);
        Files.writeString(left.dir().resolve("console.log"), "the killed runner's boot");
        try {
            Path dir = new JobDirectories(jobs, runner).fresh(2);

            assertThat(dir).isEmptyDirectory();
            Path boot = Files.createDirectories(dir.resolve("boots"));
            try (Space space = new Spaces(runner, "this-runner-" + jobs).make(boot.resolve("patched-2-try1.run"),
                    1 << 20)) {
                assertThat(space.dir()).isEmptyDirectory();
            }
        } finally {
            assertThat(killed.removeLeftovers()).as("the killed runner's tmpfs, moved aside with its directory")
                    .hasSize(1).allMatch(p -> !p.startsWith(jobs.resolve("2")));
        }
    }
}
