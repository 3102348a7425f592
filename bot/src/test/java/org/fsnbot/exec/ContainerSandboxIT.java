package org.fsnbot.exec;

import java.io.IOException;
import org.fsnbot.testing.Sandboxes;
import org.junit.jupiter.api.Tag;

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
}
