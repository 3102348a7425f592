package org.fsnbot.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP forwarder between one process and its database that can cut the
 * link as a network partition does: nothing passes either way and no
 * connection is refused or reset, so the process sees silence, not an
 * error (a stopped server refuses at once; a partition does not). The
 * server learns of it when its TCP keepalive gives up (about 30 s with the
 * runner's settings): serverNotices() closes the server's side of every
 * connection, as the keepalive would. heal() lets traffic pass again; a
 * connection whose server side was closed is reset then, as the client's
 * next packet would be.
 *
 * Written here because a partition of one process needs root and
 * iptables, and the drills run without either.
 */
public final class CutOffProxy implements AutoCloseable {

    /** One forwarded connection: the process's side and the server's. */
    private record Link(Socket client, Socket server) {
        void closeServerSide() {
            quietly(server);
        }

        void close() {
            quietly(server);
            quietly(client);
        }
    }

    private final ServerSocket listener;
    private final String host;
    private final int port;
    private final List<Link> links = new CopyOnWriteArrayList<>();
    private final List<Socket> held = new CopyOnWriteArrayList<>();
    private final Object gate = new Object();
    private volatile boolean cut;
    private volatile boolean closed;

    private CutOffProxy(ServerSocket listener, String host, int port) {
        this.listener = listener;
        this.host = host;
        this.port = port;
    }

    /** Forwards a free local port to host:port. */
    public static CutOffProxy to(String host, int port) throws IOException {
        CutOffProxy p = new CutOffProxy(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()), host, port);
        Thread t = new Thread(p::accept, "cut-off-proxy-accept");
        t.setDaemon(true);
        t.start();
        return p;
    }

    /** The local port the process connects to. */
    public int port() {
        return listener.getLocalPort();
    }

    /** From now on nothing passes, and new connections are accepted and left silent. */
    public void cut() {
        cut = true;
    }

    /** The server ends every session of the process, as its keepalive would after a while of silence. */
    public void serverNotices() {
        links.forEach(Link::closeServerSide);
    }

    /** Traffic passes again; connections the server ended, and those held silent, are reset. */
    public void heal() {
        synchronized (gate) {
            for (Link l : links) {
                if (l.server().isClosed()) {
                    l.close();
                    links.remove(l);
                }
            }
            held.forEach(CutOffProxy::quietly);
            held.clear();
            cut = false;
            gate.notifyAll();
        }
    }

    private void accept() {
        while (!closed) {
            Socket client;
            try {
                client = listener.accept();
            } catch (IOException e) {
                return;
            }
            if (cut) {
                held.add(client);
                continue;
            }
            try {
                Socket server = new Socket(host, port);
                Link l = new Link(client, server);
                links.add(l);
                pump(client, server, l, "up");
                pump(server, client, l, "down");
            } catch (IOException e) {
                quietly(client);
            }
        }
    }

    private void pump(Socket from, Socket to, Link l, String way) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[16384];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buf)) >= 0;) {
                    awaitPassage();
                    out.write(buf, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // One side ended or was reset: so is the link.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (!cut) {
                l.close();
                links.remove(l);
            }
        }, "cut-off-proxy-" + way);
        t.setDaemon(true);
        t.start();
    }

    /** Holds a pump while the link is cut: what it read waits, as packets a partition drops would be resent. */
    private void awaitPassage() throws InterruptedException {
        synchronized (gate) {
            while (cut && !closed) {
                gate.wait(1000);
            }
        }
    }

    private static void quietly(java.io.Closeable s) {
        try {
            s.close();
        } catch (IOException e) {
            // Closing what is already gone.
        }
    }

    @Override
    public void close() {
        closed = true;
        heal();
        quietly(listener);
        links.forEach(Link::close);
    }
}
