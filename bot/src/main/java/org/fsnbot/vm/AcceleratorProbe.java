package org.fsnbot.vm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.fsnbot.plan.Topology;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides between KVM and TCG by booting a probe image under KVM with a
 * bounded timeout. /dev/kvm existing is not enough: on some hosts it opens
 * but a guest never gets anywhere, and that must fall back to TCG rather
 * than hang every job.
 */
public final class AcceleratorProbe {

    private static final Logger log = LoggerFactory.getLogger(AcceleratorProbe.class);

    private final QemuBoot boot;
    private final Duration timeout;

    public AcceleratorProbe(QemuBoot boot, Duration timeout) {
        this.boot = boot;
        this.timeout = timeout;
    }

    public record Decision(Accelerator accel, String reason) {
    }

    public Decision probe(Path kernel, Path probeInitrd, Path dir) throws IOException {
        Path kvm = Path.of("/dev/kvm");
        if (!Files.isReadable(kvm) || !Files.isWritable(kvm)) {
            return new Decision(Accelerator.TCG, "/dev/kvm not available");
        }
        BootOutcome o = boot.boot(Accelerator.KVM, new Topology(1, 1, 1, 1, 256), kernel, probeInitrd, "kvm-probe",
                dir, timeout);
        boolean booted = Files.exists(o.consoleLog())
                && Files.readString(o.consoleLog(), java.nio.charset.StandardCharsets.ISO_8859_1)
                        .contains("FSNBOT-PROBE-OK");
        if (booted) {
            return new Decision(Accelerator.KVM, "KVM guest booted in " + String.format("%.1f s", o.seconds()));
        }
        String why = "a KVM guest did not boot within " + timeout.toSeconds() + " s: " + o.status();
        log.warn("{}; falling back to TCG", why);
        return new Decision(Accelerator.TCG, why);
    }
}
