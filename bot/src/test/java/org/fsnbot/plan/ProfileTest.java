package org.fsnbot.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProfileTest {

    @Test
    void quickAndFullProfilesRunTheGateFirstThenTheWholeSet() throws Exception {
        for (String name : java.util.List.of("quick", "full")) {
            Profile p = Profile.load(name);
            assertThat(p.name()).isEqualTo(name);
            assertThat(p.bootsPerKernel()).isGreaterThanOrEqualTo(3);
            assertThat(p.workloads().get(0).name()).isEqualTo("fsnotify-gate");
            assertThat(p.workloads().get(0).verdictMetrics()).isEmpty();
            assertThat(p.workloads()).extracting(WorkloadSpec::name).contains("byte-write", "parent-modify-scale",
                    "openclose-evpath", "addwatch-latency", "pipe-messaging", "scale-ops");
            assertThat(p.workloads().subList(1, p.workloads().size()))
                    .allSatisfy(w -> assertThat(w.verdictMetrics()).isNotEmpty());
        }
        assertThat(Profile.load("quick").workloads().get(2).commandLine()).contains("--clients 1,2");
        // Its per-second medians need 2 guest seconds: a quarter of a quick boot under icount, so full only.
        assertThat(Profile.load("full").workloads()).extracting(WorkloadSpec::name).contains("iouring-peak");
        assertThat(Profile.load("quick").workloads()).extracting(WorkloadSpec::name).doesNotContain("iouring-peak");
    }

    @Test
    void rejectsUnknownProfilesAndUnsafeArguments() {
        assertThatThrownBy(() -> Profile.load("nope")).hasMessageContaining("no such profile");
        assertThatThrownBy(() -> Profile.load("../etc")).hasMessageContaining("no such profile");
        String bad = "{\"name\":\"x\",\"bootsPerKernel\":3,\"bootTimeoutSeconds\":60,\"workloads\":"
                + "[{\"name\":\"byte-write\",\"args\":[\"; reboot\"],\"verdictMetrics\":[\"ns_per_op\"]}]}";
        assertThatThrownBy(() -> Profile.parse(new ByteArrayInputStream(bad.getBytes(StandardCharsets.UTF_8)), "test"))
                .hasMessageContaining("unsafe argument");
        String oneBoot = bad.replace("\"; reboot\"", "\"--reps\"").replace("\"bootsPerKernel\":3", "\"bootsPerKernel\":1");
        assertThatThrownBy(() -> Profile.parse(new ByteArrayInputStream(oneBoot.getBytes(StandardCharsets.UTF_8)), "test"))
                .hasMessageContaining("bootsPerKernel");
        String badClockArg = bad.replace("\"; reboot\"]", "\"--reps\"],\"instructionClockArgs\":[\"$(id)\"]");
        assertThatThrownBy(() -> Profile.parse(new ByteArrayInputStream(badClockArg.getBytes(StandardCharsets.UTF_8)), "test"))
                .hasMessageContaining("unsafe argument '$(id)'");
    }

    @Test
    void aProfileThatIsNotOneIsRefusedInPlainWordsWithTheNearestName(@org.junit.jupiter.api.io.TempDir
            java.nio.file.Path dir) throws Exception {
        assertThatThrownBy(() -> Profile.load("quik")).hasMessage("no such profile: quik (did you mean 'quick'?)"
                + " (built in: quick, full; or a file whose name ends in .json)");
        java.nio.file.Path notJson = dir.resolve("p.json");
        java.nio.file.Files.writeString(notJson, "{\"name\": \"p\",\n  \"workloads\": [ oops ]}");
        assertThatThrownBy(() -> Profile.load(notJson.toString())).hasMessageStartingWith("profile file " + notJson
                + ": not JSON at line 2, column").hasMessageNotContaining("com.fasterxml");
        java.nio.file.Path typo = dir.resolve("typo.json");
        java.nio.file.Files.writeString(typo, "{\"name\":\"t\",\"bootsPerKernel\":3,\"bootTimeoutSeconds\":60,"
                + "\"workloads\":[{\"name\":\"byte-wrte\",\"verdictMetrics\":[\"ns_per_op\"]}]}");
        assertThatThrownBy(() -> Profile.load(typo.toString())).hasMessageContaining("names workload 'byte-wrte',"
                + " which fsnbot does not have (did you mean 'byte-write'?)");
        java.nio.file.Path wrongType = dir.resolve("w.json");
        java.nio.file.Files.writeString(wrongType, "{\"name\":\"t\",\"bootsPerKernel\":\"three\",\"workloads\":[]}");
        assertThatThrownBy(() -> Profile.load(wrongType.toString())).hasMessageContaining("not a profile");
        assertThatThrownBy(() -> Profile.load(dir.resolve("none.json").toString())).hasMessageEndingWith(
                "none.json: no such file");
    }

    @Test
    void theBuiltInListIsTheBundledProfilesAndEveryWorkloadTheyNameIsBuilt() throws Exception {
        java.util.List<String> files;
        try (java.util.stream.Stream<java.nio.file.Path> s = java.nio.file.Files.list(org.fsnbot.testing.Repo.root()
                .resolve("workloads/profiles"))) {
            files = s.map(f -> f.getFileName().toString().replace(".json", "")).sorted().toList();
        }
        assertThat(Profile.BUILT_IN).containsExactlyInAnyOrderElementsOf(files);
        assertThat(Workloads.available()).contains("byte-write", "fsnotify-gate", "iouring-peak").hasSize(8);
    }

    @Test
    void onTheInstructionClockListenersAreHeldAndTheArgumentsTravelWithTheProfile() throws Exception {
        for (String name : java.util.List.of("quick", "full")) {
            Profile p = Profile.load(name);
            for (WorkloadSpec w : p.workloads()) {
                boolean held = w.name().equals("byte-write") || w.name().equals("parent-modify-scale");
                assertThat(w.instructionCommandLine()).as(name + " " + w.name())
                        .isEqualTo(held ? w.commandLine() + " --listener held" : w.commandLine());
            }
            Profile again = Profile.fromJson(p.toJson());
            assertThat(again.workloads()).extracting(WorkloadSpec::instructionCommandLine)
                    .isEqualTo(p.workloads().stream().map(WorkloadSpec::instructionCommandLine).toList());
        }
    }
}
