package org.fsnbot.testbed;

import java.util.Objects;

/**
 * Where boots ran, typed: which backend, what measured, the host in one
 * line ("Intel(R) Xeon(R) ..., 2 CPUs, 7.8 GiB, 1 NUMA node") and the
 * software that booted the kernels (QEMU's version line; "none" where
 * nothing but the host's kernel ran).
 */
public record TestbedFacts(String backend, Instrument instrument, String host, String software) {
    public TestbedFacts {
        if (backend == null || !backend.matches("[a-z][a-z0-9-]{0,31}")) {
            throw new IllegalArgumentException("a backend is named by a short lower-case word: " + backend);
        }
        Objects.requireNonNull(instrument);
        Objects.requireNonNull(host);
        Objects.requireNonNull(software);
    }
}
