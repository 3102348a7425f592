package org.fsnbot.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.fsnbot.plan.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigTest {

    @Test
    void theEmbeddedDefaultsFollowLoreAndTheFsnotifyBranch() throws Exception {
        Config c = Config.load(Optional.empty());
        assertThat(c.sources().inboxes()).extracting(i -> i.url())
                .containsExactly("https://lore.kernel.org/linux-fsdevel/");
        assertThat(c.sources().allInbox()).isPresent();
        assertThat(c.sources().bases().get(0).rev()).isEqualTo("fsnotify");
        assertThat(c.polling().pollMinutes()).isEqualTo(10);
        assertThat(c.mailing().treeReportTo()).containsExactly(c.mailing().from());
        assertThat(c.sources().stableTree()).contains(
                "https://git.kernel.org/pub/scm/linux/kernel/git/stable/linux.git");
        assertThat(c.mailing().publicUrl()).isEmpty();
        assertThat(c.mailing().regzbot()).isFalse();
    }

    @Test
    void theJobDefaultsAreTypedWhenLoaded() throws Exception {
        Config c = Config.load(Optional.empty());
        assertThat(c.jobs().profile().name()).isEqualTo("quick");
        assertThat(c.jobs().topology()).isEqualTo(Topology.DEFAULT);
    }

    @Test
    void aFileOverridesKeysAndReplacesListsWhole(@TempDir Path tmp) throws Exception {
        Path f = tmp.resolve("c.yaml");
        Files.writeString(f, "pollMinutes: 3\ninboxes:\n  - name: local\n    url: /srv/inbox\n");
        Config c = Config.load(Optional.of(f));
        assertThat(c.polling().pollMinutes()).isEqualTo(3);
        assertThat(c.sources().inboxes()).hasSize(1);
        assertThat(c.sources().inboxes().get(0).httpUrl()).isEmpty();
        assertThat(c.sources().bases()).hasSize(2);
    }

    @Test
    void anUnknownKeyIsRefusedByName(@TempDir Path tmp) throws Exception {
        Path typo = Files.writeString(tmp.resolve("typo.yaml"), "pollMinuts: 3\n");
        assertThatThrownBy(() -> Config.load(Optional.of(typo))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("pollMinuts");
    }

    @Test
    void aValueOutOfRangeIsRefusedWithTheRule(@TempDir Path tmp) throws Exception {
        Path zero = Files.writeString(tmp.resolve("zero.yaml"), "pollMinutes: 0\n");
        assertThatThrownBy(() -> Config.load(Optional.of(zero))).hasMessageContaining("pollMinutes must be >= 1");
        Path scatter = Files.writeString(tmp.resolve("scatter.yaml"), "bisect:\n  buildScatterPct: -1\n");
        assertThatThrownBy(() -> Config.load(Optional.of(scatter))).hasMessageContaining("bisect.buildScatterPct");
        Path set = Files.writeString(tmp.resolve("set.yaml"), "bisect:\n  buildScatterPct: 1.5\n");
        assertThat(Config.load(Optional.of(set)).polling().bisect()).as("one key set, the section's others kept")
                .isEqualTo(new BisectSettings(true, 400, 600, 1.5));
        Path badName = Files.writeString(tmp.resolve("name.yaml"), "inboxes:\n  - name: \"a b\"\n    url: /x\n");
        assertThatThrownBy(() -> Config.load(Optional.of(badName))).hasMessageContaining("inbox name");
        Path badTopology = Files.writeString(tmp.resolve("topology.yaml"), "topology: \"sockets=3,nodes=2\"\n");
        assertThatThrownBy(() -> Config.load(Optional.of(badTopology))).hasMessageContaining("topology");
        Path badProfile = Files.writeString(tmp.resolve("profile.yaml"), "profile: nonesuch\n");
        assertThatThrownBy(() -> Config.load(Optional.of(badProfile))).hasMessageContaining("no such profile");
        Path plainHttp = Files.writeString(tmp.resolve("url.yaml"), "publicUrl: \"http://fsnbot.example.org/\"\n");
        assertThatThrownBy(() -> Config.load(Optional.of(plainHttp))).hasMessageContaining("publicUrl must be an"
                + " https URL");
    }

    @Test
    void aMissingFileIsRefused(@TempDir Path tmp) {
        assertThatThrownBy(() -> Config.load(Optional.of(tmp.resolve("missing.yaml"))))
                .hasMessageContaining("no such file");
    }

    @Test
    void theSandboxIsBubblewrapUnlessTheFileSaysOtherwise(@TempDir Path tmp) throws Exception {
        Config c = Config.load(Optional.empty());
        assertThat(c.sandbox().mode()).isEqualTo(Config.Sandboxing.Mode.BWRAP);
        assertThat(c.sandbox().user()).isEqualTo("fsnbot-sandbox");
        Path f = Files.writeString(tmp.resolve("s.yaml"), "sandbox:\n  mode: container\n");
        Config container = Config.load(Optional.of(f));
        assertThat(container.sandbox().mode()).isEqualTo(Config.Sandboxing.Mode.CONTAINER);
        assertThat(container.sandbox().image()).isEqualTo("fsnbot-build:bookworm");
    }

    @Test
    void aSandboxModeOrUserThatIsNotOneIsRefused(@TempDir Path tmp) throws Exception {
        Path mode = Files.writeString(tmp.resolve("m.yaml"), "sandbox:\n  mode: chroot\n");
        assertThatThrownBy(() -> Config.load(Optional.of(mode))).hasMessageContaining("bwrap, container or none");
        Path user = Files.writeString(tmp.resolve("u.yaml"), "sandbox:\n  user: \"root; rm -rf /\"\n");
        assertThatThrownBy(() -> Config.load(Optional.of(user))).hasMessageContaining("sandbox.user");
    }

    @Test
    void theWeeklyReportIsOnMondaysAtSixUtcToTheOutboxUnlessToldAndABadCronIsRefused(@TempDir Path tmp)
            throws Exception {
        Config.Weekly w = Config.load(Optional.empty()).mailing().weekly();
        assertThat(w.cron()).isEqualTo("0 0 6 ? * MON");
        assertThat(w.to()).isEmpty();
        assertThat(w.publicUrl()).isEmpty();
        Path cron = Files.writeString(tmp.resolve("cron.yaml"), "weekly: {cron: \"every monday\"}\n");
        assertThatThrownBy(() -> Config.load(Optional.of(cron))).hasMessageContaining("weekly.cron");
        Path to = Files.writeString(tmp.resolve("to.yaml"), "weekly: {to: [\"not an address\"]}\n");
        assertThatThrownBy(() -> Config.load(Optional.of(to))).hasMessageContaining("weekly.to");
        Path url = Files.writeString(tmp.resolve("url.yaml"), "weekly: {publicUrl: \"http://x.example/\"}\n");
        assertThatThrownBy(() -> Config.load(Optional.of(url))).hasMessageContaining("weekly.publicUrl");
    }

    @Test
    void theRunnerAndTheStoreDefaultToThisHostOnH2AndBadValuesAreRefused(@TempDir Path tmp) throws Exception {
        Config c = Config.load(Optional.empty());
        assertThat(c.runner().identity().runnerClass()).isEqualTo("local");
        assertThat(c.runner().identity().name()).isNotBlank();
        assertThat(c.deployment().store().shared()).isFalse();
        assertThat(c.deployment().fleet().checkinSeconds()).isEqualTo(10);
        assertThat(c.runner().calibrationPairs()).as("a new runner calibrates at a setup's first use").isEqualTo(3);
        Path fleet = Files.writeString(tmp.resolve("f.yaml"), "runner: {name: box-17, class: 2s-kvm}\n"
                + "store: {url: \"jdbc:postgresql://db.example.org/fsnbot?sslmode=verify-full\"}\n");
        Config f = Config.load(Optional.of(fleet));
        assertThat(f.runner().identity().label()).isEqualTo("box-17 (class 2s-kvm)");
        assertThat(f.deployment().store().shared()).isTrue();
        for (String bad : List.of("runner: {class: \"Two Socket\"}", "runner: {name: \"../x\"}",
                "store: {url: \"jdbc:h2:/tmp/x\"}",
                "store: {url: \"jdbc:postgresql://db.example.org/fsnbot\"}", "fleet: {checkinSeconds: 0}",
                "store: {poolSize: 0}", "runner: {maxCpuPressurePct: 0}", "runner: {calibrationPairs: 1}",
                "runner: {calibrationPairs: -2}")) {
            Path y = Files.writeString(tmp.resolve("bad.yaml"), bad + "\n");
            assertThatThrownBy(() -> Config.load(Optional.of(y))).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
