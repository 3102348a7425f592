package org.fsnbot.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProfileTest {

    @Test
    void quickProfileRunsBothSliceWorkloadsWithThreeBoots() throws Exception {
        Profile p = Profile.load("quick");
        assertThat(p.bootsPerKernel()).isGreaterThanOrEqualTo(3);
        assertThat(p.workloads()).extracting(WorkloadSpec::name).containsExactly("byte-write", "parent-modify-scale");
        assertThat(p.workloads().get(1).commandLine()).contains("--clients 1,2");
    }

    @Test
    void rejectsUnknownProfilesAndUnsafeArguments() {
        assertThatThrownBy(() -> Profile.load("nope")).hasMessageContaining("no such profile");
        assertThatThrownBy(() -> Profile.load("../etc")).hasMessageContaining("no such profile");
        String bad = "{\"name\":\"x\",\"bootsPerKernel\":3,\"bootTimeoutSeconds\":60,\"workloads\":"
                + "[{\"name\":\"byte-write\",\"args\":[\"; reboot\"],\"verdictMetrics\":[\"ns_per_op\"]}]}";
        assertThatThrownBy(() -> Profile.parse(new ByteArrayInputStream(bad.getBytes(StandardCharsets.UTF_8))))
                .hasMessageContaining("unsafe argument");
        String oneBoot = bad.replace("\"; reboot\"", "\"--reps\"").replace("\"bootsPerKernel\":3", "\"bootsPerKernel\":1");
        assertThatThrownBy(() -> Profile.parse(new ByteArrayInputStream(oneBoot.getBytes(StandardCharsets.UTF_8))))
                .hasMessageContaining("bootsPerKernel");
    }
}
