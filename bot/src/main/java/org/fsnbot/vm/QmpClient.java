package org.fsnbot.vm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

/**
 * QEMU's machine protocol (QMP) over its Unix socket, as JSON with
 * Jackson: the greeting, qmp_capabilities, then one command at a time;
 * asynchronous events between replies are skipped. Just what pinning
 * needs (query-cpus-fast, cont); QEMU's own QMP client is Python.
 */
final class QmpClient implements AutoCloseable {

    private static final int MAX_LINE = 1 << 20;
    private static final int MAX_EVENTS = 10_000;

    private final SocketChannel channel;
    private final InputStream in;
    private final OutputStream out;
    private final ObjectMapper json = new ObjectMapper();

    private QmpClient(SocketChannel channel) {
        this.channel = channel;
        this.in = new BufferedInputStream(Channels.newInputStream(channel));
        this.out = Channels.newOutputStream(channel);
    }

    /**
     * Takes QEMU's connection on listener (QEMU connects to fsnbot, so the
     * socket is fsnbot's file, never one a sandboxed process made) and
     * leaves capabilities negotiation mode; waits at most patience.
     */
    static QmpClient accept(ServerSocketChannel listener, Duration patience) throws IOException {
        long end = System.nanoTime() + patience.toNanos();
        listener.configureBlocking(false);
        SocketChannel ch = null;
        while (ch == null) {
            ch = listener.accept();
            if (ch == null) {
                if (System.nanoTime() > end) {
                    throw new IOException("QEMU did not connect to QMP within " + patience.toSeconds() + " s");
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted waiting for QMP", e);
                }
            }
        }
        try {
            ch.configureBlocking(true);
            QmpClient c = new QmpClient(ch);
            JsonNode greeting = c.read();
            if (!greeting.has("QMP")) {
                throw new IOException("not a QMP greeting");
            }
            c.execute("qmp_capabilities");
            return c;
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** A listening socket at path (fsnbot's directory; no file there yet) for QEMU to connect to. */
    static ServerSocketChannel listen(Path path) throws IOException {
        ServerSocketChannel s = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        s.bind(UnixDomainSocketAddress.of(path));
        return s;
    }

    /** Runs a command without arguments; returns its "return" value. */
    JsonNode execute(String command) throws IOException {
        out.write(("{\"execute\":\"" + command + "\"}\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
        for (int events = 0; events < MAX_EVENTS; events++) {
            JsonNode n = read();
            if (n.has("event")) {
                continue;
            }
            if (n.has("error")) {
                throw new IOException("QMP " + command + ": " + n.path("error").path("desc").asText(n.toString()));
            }
            return n.path("return");
        }
        throw new IOException("QMP " + command + ": no reply among " + MAX_EVENTS + " events");
    }

    /** One reply or event; QEMU's lines are short, and a longer one is not read past MAX_LINE. */
    private JsonNode read() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != '\n') {
            if (b < 0) {
                throw new IOException("QMP socket closed");
            }
            if (line.size() >= MAX_LINE) {
                throw new IOException("a QMP line longer than " + MAX_LINE + " bytes");
            }
            line.write(b);
        }
        return json.readTree(line.toString(StandardCharsets.UTF_8));
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
