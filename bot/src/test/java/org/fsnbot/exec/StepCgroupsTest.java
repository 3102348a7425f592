package org.fsnbot.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * cgroup v2 as a host with it lays it out (this project's CI hosts keep the
 * controllers in v1, which the sandbox tests use for real): the files a
 * step's group is bounded by, and how what struck is read.
 */
class StepCgroupsTest {

    @Test
    void aV2HostGetsItsControllersEnabledAndEachStepItsLimits(@TempDir Path fs) throws Exception {
        Files.writeString(fs.resolve("cgroup.controllers"), "cpuset cpu io memory hugetlb pids rdma misc\n");
        Files.writeString(fs.resolve("cgroup.subtree_control"), "");
        StepCgroups c = StepCgroups.probe(fs).orElseThrow();
        assertThat(c.describe()).isEqualTo("cgroup v2");
        assertThat(fs.resolve("cgroup.subtree_control")).hasContent("+memory +pids +cpu");
        assertThat(fs.resolve("fsnbot/cgroup.subtree_control")).hasContent("+memory +pids +cpu");

        Path created;
        StepCgroups.Group g = c.create(new Limits(60, 256L << 20, 32, 1 << 20, 1 << 20, 1.5));
        created = g.procs().get(0).getParent();
        assertThat(created.getParent()).isEqualTo(fs.resolve("fsnbot"));
        assertThat(created.resolve("memory.max")).hasContent(Long.toString(256L << 20));
        assertThat(created.resolve("pids.max")).hasContent("32");
        assertThat(g.hits()).isEmpty();
        Files.writeString(created.resolve("memory.events"), "low 0\nhigh 0\nmax 12\noom 1\noom_kill 1\n");
        Files.writeString(created.resolve("pids.events"), "max 7\n");
        assertThat(g.hits()).containsExactly(new LimitHit(LimitHit.Kind.MEMORY, 256L << 20, 1),
                new LimitHit(LimitHit.Kind.PROCESSES, 32, 7));
    }

    @Test
    void aHostWithoutMemoryAndPidsControllersGetsNone(@TempDir Path fs) throws Exception {
        Files.writeString(fs.resolve("cgroup.controllers"), "cpuset cpu io\n");
        assertThat(StepCgroups.probe(fs)).isEqualTo(Optional.empty());
        assertThat(StepCgroups.probe(fs.resolve("nothing-mounted-here"))).isEmpty();
    }

    @Test
    void countersAreReadFromFlatKeyedFiles(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("memory.oom_control"), "oom_kill_disable 0\nunder_oom 0\noom_kill 3\n");
        assertThat(StepCgroups.counter(f, "oom_kill")).isEqualTo(3);
        assertThat(StepCgroups.counter(dir.resolve("absent"), "oom_kill")).isZero();
    }
}
