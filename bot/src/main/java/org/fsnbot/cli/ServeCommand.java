package org.fsnbot.cli;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.fsnbot.app.Application;
import org.fsnbot.pages.LiveSite;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** `fsnbot serve`: the pages live, each made from the store when it is asked for. */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Serve fsnbot's pages live over HTTP, each made from the store when it is asked for, and"
                + " every job's files (docs/pages.md). Until stopped.")
public final class ServeCommand implements Callable<Integer> {

    @Option(names = "--port", defaultValue = "8080", description = "TCP port (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--bind", defaultValue = "127.0.0.1",
            description = "Address to listen on (default: ${DEFAULT-VALUE}; a proxy in front for the world).")
    String bind;

    @Mixin
    ConfigOptions options;

    @Override
    public Integer call() throws Exception {
        BadInput.require(port >= 0 && port <= 65535, "--port must be in 0..65535: " + port);
        InetAddress address;
        try {
            address = InetAddress.getByName(bind);
        } catch (java.net.UnknownHostException e) {
            throw new BadInput("--bind " + bind + ": not an address of this host");
        }
        try (Application app = Application.look(options.load());
                LiveSite live = start(app, new InetSocketAddress(address, port))) {
            System.out.println("serving http://" + live.address().getHostString() + ":" + live.address().getPort()
                    + "/ (Ctrl-C stops)");
            new CountDownLatch(1).await();
        }
        return ExitCodes.OK;
    }

    private LiveSite start(Application app, InetSocketAddress at) throws java.io.IOException {
        try {
            return LiveSite.start(app.site(), app.config().home().www(), app.config().home().jobs(), at);
        } catch (java.net.BindException e) {
            throw new BadInput("--bind " + bind + " --port " + port + ": cannot listen there (" + e.getMessage()
                    + "; another server on that port?)");
        }
    }
}
