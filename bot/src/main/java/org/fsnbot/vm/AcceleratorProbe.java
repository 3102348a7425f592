package org.fsnbot.vm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.fsnbot.boot.BootOutcome;
import org.fsnbot.boot.BootStatus;
import org.fsnbot.boot.Guest;
import org.fsnbot.plan.Clock;
import org.fsnbot.plan.ClockSetting;
import org.fsnbot.plan.Topology;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides between KVM and TCG by booting a probe image under KVM with a
 * bounded timeout, once per process, and with runner.clock the clock. /dev/kvm existing is not enough: on
 * some hosts it opens but a guest never gets anywhere, and that must fall
 * back to TCG rather than hang every job.
 */
public final class AcceleratorProbe {

    private static final Logger log = LoggerFactory.getLogger(AcceleratorProbe.class);
    private static final Topology PROBE_TOPOLOGY = new Topology(1, 1, 1, 1, 256);

    /** The accelerator, why, and the clock the boots measure with; the reason goes into every reply. */
    public record Decision(Accelerator accel, String reason, Clock clock) {
        public Decision {
            Objects.requireNonNull(accel);
            Objects.requireNonNull(reason);
            Objects.requireNonNull(clock);
            clock.requireOn(accel.emulated());
        }
    }

    /** Makes the probe's initramfs, only when a probe boot is needed. */
    @FunctionalInterface
    public interface ProbeImage {
        Path make() throws IOException;
    }

    private final Booter booter;
    private final Duration timeout;
    private final ClockSetting clock;
    private Optional<Decision> decided = Optional.empty();

    public AcceleratorProbe(Booter booter, Duration timeout, ClockSetting clock) {
        this.booter = booter;
        this.timeout = timeout;
        this.clock = Objects.requireNonNull(clock);
    }

    /** The decision for this process: probed with the first kernel that asks, then kept. */
    public Decision decide(Path kernel, Path dir, ProbeImage image) throws IOException {
        if (decided.isEmpty()) {
            Decision d = clock == ClockSetting.INSTRUCTIONS
                    ? new Decision(Accelerator.TCG, "runner.clock is instructions, which only TCG counts",
                            Clock.INSTRUCTIONS)
                    : probe(kernel, dir, image);
            log.info("accelerator: {} ({}), clock: {}", d.accel(), d.reason(), d.clock().word());
            decided = Optional.of(d);
        }
        return decided.get();
    }

    private Decision probe(Path kernel, Path dir, ProbeImage image) throws IOException {
        Path kvm = Path.of("/dev/kvm");
        if (!Files.isReadable(kvm) || !Files.isWritable(kvm)) {
            return tcg("/dev/kvm not available");
        }
        BootOutcome o = booter.boot(new Guest(kernel, image.make(), Optional.empty()),
                new Machine(Accelerator.KVM, PROBE_TOPOLOGY, timeout), "kvm-probe", dir);
        boolean booted = Files.exists(o.consoleLog())
                && Files.readString(o.consoleLog(), StandardCharsets.ISO_8859_1).contains("FSNBOT-PROBE-OK");
        if (booted) {
            return new Decision(Accelerator.KVM, "KVM guest booted in " + String.format("%.1f s", o.seconds()),
                    clock.clockFor(false));
        }
        // The reason goes into every reply's 80 columns; QEMU's own words
        // (a sandbox user without /dev/kvm, say) go to the operator's log.
        String why = o.status() == BootStatus.TIMEOUT || o.status() == BootStatus.OK
                ? "a KVM guest did not boot within " + timeout.toSeconds() + " s"
                : "a KVM guest did not boot: " + switch (o.status()) {
                    case PANIC -> "the kernel panicked";
                    case QEMU_FAILED -> "QEMU exited with an error";
                    case BUSY -> "the runner was busy";
                    default -> "no results came back";
                };
        log.warn("{} ({}); falling back to TCG", why, o.evidence());
        return tcg(why);
    }

    private Decision tcg(String why) {
        return new Decision(Accelerator.TCG, why, clock.clockFor(true));
    }
}
