package org.fsnbot.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.fsnbot.plan.Profile;
import org.fsnbot.run.MetricKey;
import org.junit.jupiter.api.Test;

/** Which rows a profile judges on an instruction clock: its own words, the shipped profiles' choices. */
class MetricPolicyTest {

    @Test
    void onAnInstructionClockOnlyTheRowsTheProfileKeepsAreJudged() throws Exception {
        Profile quick = Profile.load("quick");
        MetricPolicy wall = MetricPolicy.forProfile(quick, 0.05);
        MetricPolicy counted = wall.onInstructionClock(quick);
        MetricKey oneClient = new MetricKey("parent-modify-scale", "1", "avg_client_s");
        MetricKey twoClients = new MetricKey("parent-modify-scale", "2", "avg_client_s");
        MetricKey parent = new MetricKey("byte-write", "parent", "ns_per_op");
        MetricKey scaleTwo = new MetricKey("scale-ops", "none pwrite shared threads 2", "per_task_ops_s");
        assertThat(wall.inVerdict(twoClients)).isTrue();
        assertThat(counted.inVerdict(oneClient)).isTrue();
        assertThat(counted.inVerdict(parent)).as("no rows named: every row").isTrue();
        assertThat(counted.inVerdict(twoClients)).isFalse();
        assertThat(counted.inVerdict(scaleTwo)).isFalse();
        // The quick profile's 1-byte pwrite row samples 10 ms intervals: 1.0-2.6% A/A CV on the count, while
        // byte-write none judges the same path at 0.1-0.7% (workloads/README.md); open and pipe stay judged.
        MetricKey scalePwrite = new MetricKey("scale-ops", "none pwrite shared thread 1", "per_task_ops_s");
        assertThat(wall.inVerdict(scalePwrite)).isTrue();
        assertThat(counted.inVerdict(scalePwrite)).isFalse();
        assertThat(counted.inVerdict(new MetricKey("scale-ops", "none open shared thread 1", "per_task_ops_s")))
                .isTrue();
        assertThat(counted.inVerdict(new MetricKey("scale-ops", "none pipe - thread 1", "per_task_ops_s"))).isTrue();
        // Times that are waits, not path length, on the instruction clock: shown, not judged (workloads/README.md).
        MetricKey addWatch = new MetricKey("addwatch-latency", "none", "add_avg_ns");
        MetricKey oneSender = new MetricKey("pipe-messaging", "1", "total_s");
        assertThat(wall.inVerdict(addWatch)).isTrue();
        assertThat(wall.inVerdict(oneSender)).isTrue();
        assertThat(counted.inVerdict(addWatch)).isFalse();
        assertThat(counted.inVerdict(oneSender)).isFalse();
        // iouring-peak is in the full profile: its IOPOLL row spins, which a count would take for work.
        Profile full = Profile.load("full");
        MetricKey polled = new MetricKey("iouring-peak", "none polled", "iops");
        assertThat(MetricPolicy.forProfile(full, 0.05).inVerdict(polled)).isTrue();
        MetricPolicy fullCounted = MetricPolicy.forProfile(full, 0.05).onInstructionClock(full);
        assertThat(fullCounted.inVerdict(polled)).isFalse();
        assertThat(fullCounted.inVerdict(new MetricKey("iouring-peak", "none irq", "iops"))).isTrue();
    }

    @Test
    void aRowPatternThatIsNoRegularExpressionIsRefusedWithTheWorkloadsName() {
        assertThatThrownBy(() -> Profile.fromJson("{\"name\":\"x\",\"description\":\"d\",\"bootsPerKernel\":3,"
                + "\"maxBootsPerKernel\":3,\"bootTimeoutSeconds\":60,\"workloads\":[{\"name\":\"byte-write\","
                + "\"verdictMetrics\":[\"ns_per_op\"],\"instructionClockRows\":[\"(\"]}]}"))
                .hasMessageContaining("byte-write").hasMessageContaining("instructionClockRows");
    }
}
