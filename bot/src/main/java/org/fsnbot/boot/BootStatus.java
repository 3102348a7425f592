package org.fsnbot.boot;

/** How a boot ended. Only OK boots yield samples. */
public enum BootStatus {
    OK("booted"),
    PANIC("the kernel panicked"),
    TIMEOUT("it timed out"),
    QEMU_FAILED("QEMU exited with an error"),
    NO_RESULTS("no results came back"),
    /** It ran, but the runner's CPUs were not its own: its figures are not samples (HostPressure). */
    BUSY("the runner was busy");

    private final String words;

    BootStatus(String words) {
        this.words = words;
    }

    /** What a reply says (a reader does not know our enum names). */
    public String words() {
        return words;
    }

    public boolean infrastructureFailure() {
        return this != OK;
    }
}
