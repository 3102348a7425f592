package org.fsnbot.store;

import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * How long a connection to the fleet's PostgreSQL may stay silent (a host
 * cut off, not refused: TCP would wait a quarter of an hour): a statement
 * fails after 30 s and a login after 5 s, so a wait says so and a stop in
 * a partition ends within its bound (docs/fleet.md "Stopping during an
 * outage"). fsnbot's statements take milliseconds. The same bounds on
 * every connection: the store's pool, Quartz's, a runner's name.
 */
public final class SilenceBounds {

    /** The PostgreSQL driver's properties that set them. */
    static final Map<String, String> PROPERTIES = Map.of("socketTimeout", "30", "loginTimeout", "5",
            "connectTimeout", "5", "tcpKeepAlive", "true");

    private SilenceBounds() {
    }

    /** props with the bounds added. */
    static Properties into(Properties props) {
        props.putAll(PROPERTIES);
        return props;
    }

    /** url with the bounds as its parameters (Quartz's pool takes a URL only). */
    public static String onUrl(String url) {
        return url + (url.contains("?") ? "&" : "?") + PROPERTIES.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining("&"));
    }
}
