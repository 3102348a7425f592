package org.fsnbot.cli;

import java.util.Optional;
import org.fsnbot.mail.DeliveryHooks;

/**
 * Delivery hooks from the system property fsnbot.test.pauseAt: at that
 * point the process says so on stdout and waits to be killed. The crash
 * tests use it to kill -9 a child JVM at an exact step of a delivery; left
 * unset (always, outside tests) there are no hooks.
 */
final class PauseHooks {

    private PauseHooks() {
    }

    static DeliveryHooks fromSystemProperties() {
        Optional<String> at = Optional.ofNullable(System.getProperty("fsnbot.test.pauseAt"));
        if (at.isEmpty()) {
            return DeliveryHooks.NONE;
        }
        return point -> {
            if (point.equals(at.get())) {
                System.out.println("FSNBOT-PAUSED " + point);
                System.out.flush();
                try {
                    Thread.sleep(Long.MAX_VALUE);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
    }
}
