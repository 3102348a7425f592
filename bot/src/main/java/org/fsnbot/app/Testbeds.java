package org.fsnbot.app;

import java.io.IOException;
import java.time.Duration;
import org.fsnbot.exec.CommandRunner;
import org.fsnbot.exec.Sandbox;
import org.fsnbot.image.GuestImages;
import org.fsnbot.run.ResultParser;
import org.fsnbot.testbed.Testbed;
import org.fsnbot.testbed.qemu.InterleavedRunner;
import org.fsnbot.testbed.qemu.QemuTestbed;
import org.fsnbot.vm.AcceleratorProbe;
import org.fsnbot.vm.HostFacts;
import org.fsnbot.vm.PressureGauge;
import org.fsnbot.vm.QemuBoot;

/**
 * Where a testbed backend is wired: what the composition root has for it
 * (the configuration, the home, the sandbox boots run in, the guest
 * images, the command runner), and the one line that makes each backend.
 */
public final class Testbeds {

    /** How long a KVM guest may take to prove KVM works before TCG is used. */
    public static final Duration KVM_PROBE_TIMEOUT = Duration.ofSeconds(30);

    /** What a backend may be made from. */
    public record Parts(Config config, Home home, Sandbox sandbox, GuestImages images, CommandRunner runner) {
    }

    /** Makes one backend from the parts. */
    @FunctionalInterface
    public interface Factory {
        Testbed make(Parts parts) throws IOException;
    }

    private Testbeds() {
    }

    /** Local QEMU: KVM where a probe proves it, else TCG; the runner's quietness rule and NUMA pinning. */
    public static final Factory QEMU = p -> {
        QemuBoot qemu = new QemuBoot(p.sandbox());
        Config.Quietness q = p.config().runner().quiet();
        return new QemuTestbed(new AcceleratorProbe(qemu, KVM_PROBE_TIMEOUT, p.config().runner().clock()),
                () -> p.images().probe(p.home().probe()), () -> HostFacts.probe(QemuBoot.QEMU),
                new InterleavedRunner(qemu, new ResultParser(), PressureGauge.system(), new InterleavedRunner.Quiet(
                        q.maxCpuPressurePct(), q.quietWait(), Runtime.getRuntime().availableProcessors())),
                p.config().runner().hugepages(), p.home().probe());
    };
}
