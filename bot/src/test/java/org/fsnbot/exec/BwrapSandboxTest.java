package org.fsnbot.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.fsnbot.testing.Sandboxes;
import org.junit.jupiter.api.Test;

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
                SandboxStep.Handles.UNTRUSTED_CODE, Limits.build(), Duration.ofSeconds(1)));
        String line = String.join(" ", a);
        assertThat(line).contains("--perms 0755 --dir /srv --ro-bind /srv/a /srv/a --bind /srv/a/obj /srv/a/obj")
                .doesNotContain("--dir /srv/a ");
        assertThat(a.indexOf("--chdir")).isLessThan(a.indexOf("true"));
    }
}
