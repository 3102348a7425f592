package org.fsnbot.cli;

import java.io.IOException;
import java.net.BindException;
import org.fsnbot.app.Application;
import org.fsnbot.app.NodeHealth;
import org.fsnbot.health.Node;

/** --health-port of run and runner: the node's health endpoint, or nothing when no port was given. */
final class HealthOption {

    private HealthOption() {
    }

    static AutoCloseable serve(Application app, Node node, Integer port) throws IOException {
        if (port == null) {
            return () -> { };
        }
        BadInput.require(port >= 1 && port <= 65535, "--health-port must be in 1..65535: " + port);
        try {
            AutoCloseable h = NodeHealth.serve(app, node, port);
            System.err.println("fsnbot: " + node.role() + " " + node.name() + ": /healthz, /readyz and /metrics on"
                    + " port " + port);
            return h;
        } catch (BindException e) {
            throw new BadInput("--health-port " + port + ": " + e.getMessage() + " (another process listens there?)",
                    e);
        }
    }
}
