package org.fsnbot.testbed;

import java.io.IOException;
import java.util.function.Consumer;
import org.fsnbot.plan.Topology;
import org.fsnbot.run.BootRecord;

/**
 * The one port between a job and whatever boots kernels (docs/architecture.md,
 * "The testbed port"): local QEMU (TCG or KVM) is one backend, the host's own
 * kernel another. A job plans, judges and replies from what this gives back,
 * typed; nothing above it knows how a kernel was booted.
 */
public interface Testbed {

    /**
     * What boots of these artefacts on topology would measure with, before
     * any of them (the statistics' rules depend on the clock): decided once
     * per process where it takes a probe.
     */
    Instrument instrument(Artefacts artefacts, Topology topology) throws IOException;

    /** Boots the base and the patched kernel as planned, each boot's record to booted as it ends. */
    Measurement measure(Artefacts artefacts, MeasurePlan plan, Consumer<BootRecord> booted) throws IOException;
}
