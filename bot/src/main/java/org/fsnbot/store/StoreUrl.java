package org.fsnbot.store;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The fleet store's JDBC URL, refused when it would let an eavesdropper
 * on the network between a runner and the database in without anyone
 * having chosen it: a server on another host is reached only with an
 * sslmode said once that does not fall back to clear text unasked
 * (verify-full checks the certificate against the CA and the host name
 * against the certificate; disable is clear text chosen, for a network
 * only the operator reaches), and with no factory or host name verifier
 * that switches the checks off. A server on this host (the
 * loopback names and addresses) is reached as the URL says. The driver
 * takes the URL as written; pgjdbc parses it itself and has no public
 * parser for its host list and parameters, so this reads the two parts it
 * needs: the hosts before the first '/' and the parameters after '?'.
 */
public final class StoreUrl {

    private static final String PREFIX = "jdbc:postgresql://";
    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "[::1]", "::1");
    /**
     * What an operator may choose: verification (verify-full; verify-ca and
     * require, which check less, as said), or clear text said as such
     * (disable). Not allow or prefer, nor no sslmode at all (the driver's
     * default is prefer): those fall back to clear text without a word.
     */
    private static final Set<String> CHOSEN = Set.of("verify-full", "verify-ca", "require", "disable");
    /** Parameters that replace the driver's certificate or host name checks. */
    private static final Set<String> CHECKS_OFF = Set.of("sslfactory", "sslhostnameverifier", "sslfactoryarg");

    private StoreUrl() {
    }

    /** The url, if the store may be reached at it; else an IllegalArgumentException that says why. */
    public static String checked(String url) {
        if (!url.startsWith(PREFIX)) {
            throw new IllegalArgumentException("store.url must be empty (H2) or a jdbc:postgresql:// URL: " + url);
        }
        String rest = url.substring(PREFIX.length());
        int q = rest.indexOf('?');
        String query = q < 0 ? "" : rest.substring(q + 1);
        String beforeQuery = q < 0 ? rest : rest.substring(0, q);
        int slash = beforeQuery.indexOf('/');
        String hosts = slash < 0 ? beforeQuery : beforeQuery.substring(0, slash);
        List<String> remote = new ArrayList<>();
        for (String hostPort : hosts.split(",", -1)) {
            String host = hostPort.startsWith("[") ? hostPort.substring(0, hostPort.indexOf(']') + 1)
                    : hostPort.replaceFirst(":[0-9]*$", "");
            String h = host.toLowerCase(Locale.ROOT);
            if (!LOOPBACK.contains(h) && !h.matches("127\\.[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}")) {
                remote.add(host.isEmpty() ? "(no host: the driver's default)" : host);
            }
        }
        if (remote.isEmpty()) {
            return url;
        }
        List<String> modes = new ArrayList<>();
        for (String pair : query.isEmpty() ? new String[0] : query.split("&")) {
            int eq = pair.indexOf('=');
            String key = decode(eq < 0 ? pair : pair.substring(0, eq)).toLowerCase(Locale.ROOT);
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            if (key.equals("sslmode")) {
                modes.add(value);
            }
            if (CHECKS_OFF.contains(key)) {
                throw new IllegalArgumentException("store.url: " + key + " replaces the driver's TLS checks;"
                        + " a store on another host (" + String.join(", ", remote) + ") is reached with"
                        + " sslmode=verify-full and the driver's own checks (docs/fleet.md, TLS)");
            }
        }
        if (modes.size() != 1 || !CHOSEN.contains(modes.get(0))) {
            throw new IllegalArgumentException("store.url: a store on another host (" + String.join(", ", remote)
                    + ") needs its sslmode said once, and not one that falls back to clear text unasked:"
                    + " sslmode=verify-full (and sslrootcert= the CA), or sslmode=disable on a network only you"
                    + " can reach; the URL has " + (modes.isEmpty() ? "no sslmode (the driver's default, prefer)"
                    : "sslmode " + String.join(", ", modes)) + " (docs/fleet.md, TLS)");
        }
        return url;
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("store.url: a parameter that is not URL-encoded: " + s, e);
        }
    }
}
