package org.fsnbot.job;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** The name calibrations are filed under: this machine's host name. */
public final class RunnerName {

    private RunnerName() {
    }

    public static String get() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
