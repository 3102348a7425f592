package org.fsnbot.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.fsnbot.testing.Sandboxes;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The contract in a Docker container of the image scripts/build-image.sh
 * makes; an integration test because it needs the Docker engine and that
 * image, which the README's test command starts and makes.
 */
@Tag("e2e")
class ContainerSandboxIT extends SandboxContract {

    @Override
    protected ContainerSandbox sandbox() throws IOException {
        return Sandboxes.container(owner);
    }

    /** Docker applies pids-limit but keeps no count of the forks it refused. */
    @Override
    protected boolean countsForks() {
        return false;
    }

    private static List<String> labelled(String owner) throws IOException {
        return new CommandRunner().check(List.of("docker", "ps", "-aq", "--filter",
                "label=" + ContainerSandbox.LABEL + "=" + owner), null, Duration.ofMinutes(1)).output();
    }

    @Test
    void containersAKilledFsnbotLeftAreRemovedWhenTheNextOneStarts() throws Exception {
        new CommandRunner().check(List.of("docker", "run", "-d", "--network", "none", "--label",
                ContainerSandbox.LABEL + "=" + owner, Sandboxes.IMAGE, "sleep", "300"), null, Duration.ofMinutes(1));
        assertThat(labelled(owner)).hasSize(1);

        sandbox();

        assertThat(labelled(owner)).isEmpty();
    }
}
