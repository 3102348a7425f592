package org.fsnbot.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.fsnbot.testing.Sandboxes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The contract with real bubblewrap, and how its command line is made. */
class BwrapSandboxTest extends SandboxContract {

    @Override
    protected BwrapSandbox sandbox() throws IOException {
        return Sandboxes.bwrap(owner);
    }

    @Test
    void parentsOfMountsAreMadePassableBeforeTheMounts() throws Exception {
        List<String> a = sandbox().argv(new SandboxStep(List.of("true"), Path.of("/srv/a/obj"),
                Map.of(), List.of(Mount.writable(Path.of("/srv/a/obj")), Mount.readOnly(Path.of("/srv/a"))),
                SandboxStep.Handles.UNTRUSTED_CODE, Limits.build(), Duration.ofSeconds(1)), true);
        String line = String.join(" ", a);
        assertThat(line).contains("--perms 0755 --dir /srv --ro-bind /srv/a /srv/a --bind /srv/a/obj /srv/a/obj")
                .doesNotContain("--dir /srv/a ");
        assertThat(a.indexOf("--chdir")).isLessThan(a.indexOf("true"));
    }

    @Test
    void aStepDiesWithTheProcessThatStartedIt(@TempDir Path dir) throws Exception {
        BwrapSandbox sandbox = sandbox();
        sandbox.handOver(dir);
        List<String> argv = sandbox.command(new SandboxStep(List.of("sh", "-c", "sleep 60 & sleep 60"), dir, Map.of(),
                List.of(Mount.writable(dir)), SandboxStep.Handles.UNTRUSTED_CODE, Limits.build(),
                Duration.ofSeconds(60)), Optional.empty());
        // A stand-in for fsnbot: a shell that starts the step and is then killed -9.
        List<String> parent = new ArrayList<>(List.of("sh", "-c", "\"$@\" & wait", "fsnbot"));
        parent.addAll(argv);
        ProcessBuilder pb = new ProcessBuilder(parent).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put(Orphans.VARIABLE, owner);
        Process fsnbot = pb.start();
        Orphans orphans = new Orphans(owner);
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (orphans.marked().size() < 3 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(orphans.marked()).as("the step's processes, running").hasSizeGreaterThanOrEqualTo(3);

        fsnbot.destroyForcibly().waitFor();

        deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!orphans.marked().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(orphans.marked()).as("what outlived its parent").isEmpty();
    }
}
