package org.fsnbot.qualify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The host checks on fake /dev, /sys and /proc roots: a tuned-for-nothing 2-socket KVM host, and this VM. */
class HostChecksTest {

    /** A 2-socket KVM host as it comes: turbo on, SMT on, powersave, THP always, no isolated CPUs. */
    static Path kvmHost(Path root) throws IOException {
        write(root, "dev/kvm", "");
        Files.createDirectories(root.resolve("sys/bus/event_source/devices/cpu/events"));
        write(root, "proc/sys/kernel/perf_event_paranoid", "2");
        for (int n = 0; n < 2; n++) {
            Files.createDirectories(root.resolve("sys/devices/system/node/node" + n));
        }
        for (int c = 0; c < 8; c++) {
            write(root, "sys/devices/system/cpu/cpu" + c + "/cpufreq/scaling_governor", "powersave");
        }
        write(root, "sys/devices/system/cpu/intel_pstate/no_turbo", "0");
        write(root, "sys/devices/system/cpu/smt/active", "1");
        write(root, "sys/devices/system/cpu/smt/control", "on");
        write(root, "sys/devices/system/cpu/isolated", "");
        write(root, "sys/kernel/mm/transparent_hugepage/enabled", "[always] madvise never");
        write(root, "sys/devices/system/clocksource/clocksource0/current_clocksource", "tsc");
        write(root, "proc/cmdline", "BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro quiet");
        return root;
    }

    /** This machine as read on 2026-12-07: a 2-vCPU VM without PMU, cpufreq, turbo control or SMT. */
    static Path thisVm(Path root) throws IOException {
        write(root, "dev/kvm", "");
        Files.createDirectories(root.resolve("sys/bus/event_source/devices/software"));
        Files.createDirectories(root.resolve("sys/bus/event_source/devices/tracepoint"));
        write(root, "proc/sys/kernel/perf_event_paranoid", "2");
        Files.createDirectories(root.resolve("sys/devices/system/node/node0"));
        Files.createDirectories(root.resolve("sys/devices/system/cpu/cpu0"));
        Files.createDirectories(root.resolve("sys/devices/system/cpu/cpu1"));
        write(root, "sys/devices/system/cpu/smt/active", "0");
        write(root, "sys/devices/system/cpu/smt/control", "notsupported");
        write(root, "sys/devices/system/cpu/isolated", "");
        write(root, "sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never");
        write(root, "sys/devices/system/clocksource/clocksource0/current_clocksource", "tsc");
        write(root, "proc/cmdline", "console=ttyS0 quiet reboot=k panic=1");
        return root;
    }

    private static void write(Path root, String rel, String text) throws IOException {
        Path p = root.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text + "\n");
    }

    private static Map<String, HostCheck> byName(List<HostCheck> checks) {
        return checks.stream().collect(Collectors.toMap(HostCheck::name, c -> c));
    }

    @Test
    void anUntunedKvmHostOnWallTimeIsToldWhatToChange(@TempDir Path dir) throws IOException {
        Map<String, HostCheck> c = byName(new HostChecks(kvmHost(dir)).run(false, 2, Optional.empty()));
        assertThat(c.get("KVM").status()).isEqualTo(HostCheck.Status.OK);
        assertThat(c.get("PMU").status()).isEqualTo(HostCheck.Status.OK);
        assertThat(c.get("PMU").found()).contains("cpu").contains("perf_event_paranoid 2");
        assertThat(c.get("NUMA").status()).isEqualTo(HostCheck.Status.OK);
        assertThat(c.get("NUMA").found()).startsWith("2 NUMA nodes");
        assertThat(c.get("governor").status()).isEqualTo(HostCheck.Status.CHANGE);
        assertThat(c.get("governor").found()).isEqualTo("powersave");
        assertThat(c.get("governor").change()).contains("performance");
        assertThat(c.get("turbo").status()).isEqualTo(HostCheck.Status.CHANGE);
        assertThat(c.get("turbo").change()).contains("no_turbo");
        assertThat(c.get("SMT").status()).isEqualTo(HostCheck.Status.CHANGE);
        assertThat(c.get("isolated CPUs").status()).isEqualTo(HostCheck.Status.CHANGE);
        assertThat(c.get("THP").status()).isEqualTo(HostCheck.Status.CHANGE);
        assertThat(c.get("clocksource").status()).isEqualTo(HostCheck.Status.OK);
    }

    @Test
    void onTheInstructionClockWallTimeSettingsAreFactsNotChanges(@TempDir Path dir) throws IOException {
        List<HostCheck> checks = new HostChecks(kvmHost(dir)).run(true, 2, Optional.empty());
        Map<String, HostCheck> c = byName(checks);
        for (String wallOnly : List.of("governor", "turbo", "SMT", "isolated CPUs", "THP")) {
            assertThat(c.get(wallOnly).status()).as(wallOnly).isEqualTo(HostCheck.Status.NOTE);
            assertThat(c.get(wallOnly).change()).as(wallOnly).contains("instruction count");
        }
        assertThat(checks).noneMatch(h -> h.status() == HostCheck.Status.CHANGE);
    }

    @Test
    void thisVmHasNoPmuOneNodeAndNothingElseToTune(@TempDir Path dir) throws IOException {
        Map<String, HostCheck> onCount = byName(new HostChecks(thisVm(dir)).run(true, 2, Optional.empty()));
        assertThat(onCount.get("PMU").status()).isEqualTo(HostCheck.Status.NOTE);
        assertThat(onCount.get("PMU").found()).contains("no CPU PMU");
        assertThat(onCount.get("NUMA").status()).isEqualTo(HostCheck.Status.NOTE);
        assertThat(onCount.get("NUMA").change()).contains("emulated");
        assertThat(onCount.get("governor").found()).contains("no cpufreq");
        assertThat(onCount.get("turbo").status()).isEqualTo(HostCheck.Status.OK);
        assertThat(onCount.get("SMT").status()).isEqualTo(HostCheck.Status.OK);
        assertThat(onCount.get("THP").found()).isEqualTo("madvise");
        Map<String, HostCheck> onWall = byName(new HostChecks(dir).run(false, 1, Optional.empty()));
        assertThat(onWall.get("PMU").status()).as("wall time without a counter").isEqualTo(HostCheck.Status.CHANGE);
        assertThat(onWall.get("isolated CPUs").status()).isEqualTo(HostCheck.Status.CHANGE);
        assertThat(onWall.get("NUMA").status()).isEqualTo(HostCheck.Status.OK);
    }

    @Test
    void aKvmDeviceWhoseGuestDoesNotBootIsAChange(@TempDir Path dir) throws IOException {
        HostCheck kvm = byName(new HostChecks(thisVm(dir)).run(true, 1, Optional.of(
                "a KVM guest did not boot: QEMU exited with an error"))).get("KVM");
        assertThat(kvm.status()).isEqualTo(HostCheck.Status.CHANGE);
        assertThat(kvm.found()).isEqualTo("/dev/kvm opens, but a KVM guest did not boot: QEMU exited with an error");
        assertThat(kvm.change()).contains("TCG");
    }

    @Test
    void noKvmDeviceAndAParanoidPerfAreChanges(@TempDir Path dir) throws IOException {
        Path root = kvmHost(dir);
        Files.delete(root.resolve("dev/kvm"));
        write(root, "proc/sys/kernel/perf_event_paranoid", "3");
        Map<String, HostCheck> c = byName(new HostChecks(root).run(false, 1, Optional.empty()));
        assertThat(c.get("KVM").status()).isEqualTo(HostCheck.Status.CHANGE);
        assertThat(c.get("KVM").found()).isEqualTo("no /dev/kvm");
        assertThat(c.get("PMU").status()).isEqualTo(HostCheck.Status.CHANGE);
        assertThat(c.get("PMU").change()).contains("perf_event_paranoid=2");
    }

    @Test
    void anEmptyRootIsReadAsLittleAndNothingThrows(@TempDir Path dir) {
        List<HostCheck> checks = new HostChecks(dir).run(true, 1, Optional.empty());
        assertThat(checks).extracting(HostCheck::name).containsExactly("KVM", "PMU", "NUMA", "governor", "turbo",
                "SMT", "isolated CPUs", "THP", "clocksource");
        assertThatThrownBy(() -> new HostChecks(dir).run(true, 0, Optional.empty())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theSummaryNamesWhatToChangeAndTheJsonKeepsEveryCheck(@TempDir Path dir) throws IOException {
        List<HostCheck> checks = new HostChecks(kvmHost(dir)).run(false, 2, Optional.empty());
        Qualification q = new Qualification("kvm1", Instant.parse("2026-12-07T10:00:00Z"), checks, new Qualification.Booted(
                "KVM", "wall", "a KVM guest booted", 4.26, 6, 0.83));
        assertThat(q.summary()).isEqualTo("qualified 2026-12-07: KVM, wall clock, 4 s a boot, A/A CV <= 0.8%;"
                + " 5 to change (governor, turbo, SMT, isolated CPUs, THP)");
        assertThat(q.json(new com.fasterxml.jackson.databind.ObjectMapper())).contains("\"name\":\"governor\"",
                "\"status\":\"change\"", "\"median_boot_s\":4.26");
        assertThatThrownBy(() -> new Qualification.Booted("KVM", "wall", "r", Double.NaN, 6, 0.8))
                .isInstanceOf(IllegalArgumentException.class);
        Qualification tuned = new Qualification("vm", Instant.parse("2026-12-07T10:00:00Z"),
                new HostChecks(kvmHost(dir)).run(true, 2, Optional.empty()), new Qualification.Booted("TCG", "instructions", "no KVM", 16.2,
                        6, 0.4));
        assertThat(tuned.summary()).endsWith("A/A CV <= 0.4%; nothing to change");
    }
}
