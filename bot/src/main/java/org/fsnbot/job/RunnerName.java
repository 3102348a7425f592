package org.fsnbot.job;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Pattern;

/**
 * Which runner measures: its name (what its calibrations, jobs and
 * history points are filed under; this machine's host name unless the
 * configuration names it, as two runners on one host must) and its class
 * (the kind of machine a job may ask for: "tcg", "2s-kvm"; docs/fleet.md).
 */
public record RunnerName(String name, String runnerClass) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,62}");
    private static final Pattern CLASS = Pattern.compile("[a-z0-9][a-z0-9._-]{0,31}");

    public RunnerName {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("runner.name must be a host-name-like token: " + name);
        }
        if (runnerClass == null || !CLASS.matcher(runnerClass).matches()) {
            throw new IllegalArgumentException("runner.class must be a lower-case token such as tcg or 2s-kvm: "
                    + runnerClass);
        }
    }

    /** This machine's host name (cut to a token), in class runnerClass. */
    public static RunnerName thisHost(String runnerClass) {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "localhost";
        }
        String token = host.replaceAll("[^A-Za-z0-9._-]", "-").replaceAll("^[^A-Za-z0-9]+", "");
        return new RunnerName(token.isEmpty() ? "localhost" : token.substring(0, Math.min(63, token.length())),
                runnerClass);
    }

    /** "vm (class tcg)", as a reply's facts name the runner. */
    public String label() {
        return name + " (class " + runnerClass + ")";
    }
}
