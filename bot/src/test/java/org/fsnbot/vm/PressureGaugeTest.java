package org.fsnbot.vm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fsnbot.boot.HostPressure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PressureGaugeTest {

    @Test
    void readsThePsiTotalAndTheStealTicksAsTheKernelWritesThem() {
        assertThat(PressureGauge.someTotal(List.of("some avg10=0.20 avg60=1.89 avg300=2.45 total=34571123",
                "full avg10=0.00 avg60=0.00 avg300=0.00 total=0"))).isEqualTo(34571123L);
        assertThat(PressureGauge.steal(List.of("cpu  95858 0 15084 57396 1031 0 254 107 0 0",
                "cpu0 47000 0 7000 28000 500 0 120 50 0 0"))).isEqualTo(107L);
        assertThat(PressureGauge.steal(List.of("cpu  1 2 3 4"))).as("a kernel without steal accounting").isZero();
        assertThat(PressureGauge.cpus(List.of("cpu  9 0 9 9", "cpu0 4 0 4 4", "cpu1 5 0 5 5", "intr 7",
                "ctxt 9"))).isEqualTo(2);
        assertThatThrownBy(() -> PressureGauge.cpus(List.of("cpu  1 2 3 4")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PressureGauge.someTotal(List.of("full total=1")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theShareIsOfTheWallTimeBetweenTheReadingsAndAMissingPsiIsNotMeasured(@TempDir Path proc)
            throws Exception {
        Files.createDirectories(proc.resolve("pressure"));
        Files.writeString(proc.resolve("pressure/cpu"), "some avg10=0 avg60=0 avg300=0 total=1000\n");
        Files.writeString(proc.resolve("stat"), "cpu  1 0 1 1 0 0 0 7 0 0\ncpu0 1 0 1 1 0 0 0 7 0 0\n");
        PressureGauge g = new PressureGauge(proc);
        PressureGauge.Reading start = g.read();
        Thread.sleep(200);
        Files.writeString(proc.resolve("pressure/cpu"), "some avg10=0 avg60=0 avg300=0 total=101000\n");
        Files.writeString(proc.resolve("stat"), "cpu  1 0 1 1 0 0 0 9 0 0\ncpu0 1 0 1 1 0 0 0 9 0 0\n");
        HostPressure p = g.since(start);
        assertThat(p.measured()).isTrue();
        assertThat(p.seconds()).isBetween(0.2, 2.0);
        assertThat(p.waitPct()).as("0.1 s of some-stall in about 0.2 s").isBetween(100 * 0.1 / p.seconds() - 1,
                100 * 0.1 / p.seconds() + 1);
        assertThat(p.stealPct()).as("2 ticks of 10 ms").isBetween(100 * 0.02 / p.seconds() - 1,
                100 * 0.02 / p.seconds() + 1);
        assertThat(new PressureGauge(proc.resolve("nothing")).since(start).measured()).isFalse();
    }

    @Test
    void stealIsAShareOfTheHostsCpusNotASumOfThem(@TempDir Path proc) throws Exception {
        // 40 ticks of steal across two CPUs over about 0.2 s: 0.2 s of each CPU's 0.2 s stolen would be 100%;
        // 0.4 s summed is half of the two CPUs' time.
        Files.createDirectories(proc.resolve("pressure"));
        Files.writeString(proc.resolve("pressure/cpu"), "some total=0\n");
        Files.writeString(proc.resolve("stat"), "cpu  1 0 1 1 0 0 0 0 0 0\ncpu0 1 0 1 1 0 0 0 0 0 0\n"
                + "cpu1 0 0 0 0 0 0 0 0 0 0\n");
        PressureGauge g = new PressureGauge(proc);
        PressureGauge.Reading start = g.read();
        Thread.sleep(200);
        Files.writeString(proc.resolve("stat"), "cpu  1 0 1 1 0 0 0 4 0 0\ncpu0 1 0 1 1 0 0 0 2 0 0\n"
                + "cpu1 0 0 0 0 0 0 0 2 0 0\n");
        HostPressure p = g.since(start);
        assertThat(p.stealPct()).as("4 ticks of 10 ms over two CPUs").isBetween(100 * 0.02 / p.seconds() - 1,
                100 * 0.02 / p.seconds() + 1);
    }

    @Test
    void aBootIsBusyOverTheLimitAndTheGraceNotBefore() {
        assertThat(new HostPressure(true, 3.9, 0, 1.7).over(5)).as("a short quiet boot's own start").isFalse();
        assertThat(new HostPressure(true, 20, 0, 1.7).over(5)).as("0.34 s of 1.7 s").isTrue();
        assertThat(new HostPressure(true, 1.6, 0, 34).over(5)).isFalse();
        assertThat(new HostPressure(true, 4.9, 1.0, 34).over(5)).as("steal counts too").isTrue();
        assertThat(HostPressure.unmeasured().over(5)).isFalse();
        assertThat(new HostPressure(true, 16.1, 0.1, 34).describe())
                .isEqualTo("CPU pressure 16.2% of the boot (waiting 16.1%, steal 0.1%)");
    }
}
