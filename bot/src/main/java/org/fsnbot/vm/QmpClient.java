package org.fsnbot.vm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * QEMU's machine protocol (QMP) over its Unix socket, as JSON with
 * Jackson: the greeting, qmp_capabilities, then one command at a time;
 * asynchronous events between replies are skipped. Just what pinning
 * needs (query-cpus-fast, cont); QEMU's own QMP client is Python.
 */
final class QmpClient implements AutoCloseable {

    private final SocketChannel channel;
    private final BufferedReader in;
    private final OutputStream out;
    private final ObjectMapper json = new ObjectMapper();

    private QmpClient(SocketChannel channel) {
        this.channel = channel;
        this.in = new BufferedReader(new InputStreamReader(Channels.newInputStream(channel), StandardCharsets.UTF_8));
        this.out = Channels.newOutputStream(channel);
    }

    /** Connects to socket and leaves capabilities negotiation mode. */
    static QmpClient connect(Path socket) throws IOException {
        SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            ch.connect(UnixDomainSocketAddress.of(socket));
            QmpClient c = new QmpClient(ch);
            JsonNode greeting = c.read();
            if (!greeting.has("QMP")) {
                throw new IOException("not a QMP greeting: " + greeting);
            }
            c.execute("qmp_capabilities");
            return c;
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** Runs a command without arguments; returns its "return" value. */
    JsonNode execute(String command) throws IOException {
        out.write(("{\"execute\":\"" + command + "\"}\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
        while (true) {
            JsonNode n = read();
            if (n.has("event")) {
                continue;
            }
            if (n.has("error")) {
                throw new IOException("QMP " + command + ": " + n.path("error").path("desc").asText(n.toString()));
            }
            return n.path("return");
        }
    }

    private JsonNode read() throws IOException {
        String line = in.readLine();
        if (line == null) {
            throw new IOException("QMP socket closed");
        }
        return json.readTree(line);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
