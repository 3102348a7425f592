package org.fsnbot.mail;

/**
 * Named points in a delivery (before-send: the attempt is recorded, nothing
 * sent; after-accept: the server accepted, not yet recorded). The crash
 * tests stop a child process at them; in production they do nothing.
 */
@FunctionalInterface
public interface DeliveryHooks {

    DeliveryHooks NONE = point -> { };

    void at(String point);
}
