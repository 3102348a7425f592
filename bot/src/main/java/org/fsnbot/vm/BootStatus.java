package org.fsnbot.vm;

/** How a boot ended. Only OK boots yield samples. */
public enum BootStatus {
    OK,
    PANIC,
    TIMEOUT,
    QEMU_FAILED,
    NO_RESULTS;

    public boolean infrastructureFailure() {
        return this != OK;
    }
}
