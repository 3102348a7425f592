package org.fsnbot.boot;

/**
 * How a boot ended. Only OK boots yield samples. A reply words each in
 * templates/infrastructure-failure.peb, by name.
 */
public enum BootStatus {
    OK,
    PANIC,
    /** No power-off within the boot's timeout: a hang, QEMU killed. */
    TIMEOUT,
    /** QEMU exited with an error, or its vCPUs could not be pinned as planned. */
    QEMU_FAILED,
    /** No results came back, or they were not what the workloads write. */
    NO_RESULTS,
    /** It ran, but the runner's CPUs were not its own: its figures are not samples (HostPressure). */
    BUSY;

    public boolean infrastructureFailure() {
        return this != OK;
    }
}
