package org.fsnbot.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.fsnbot.plan.Profile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A job's material: the profile as run and the script beside its files, and sums sha256sum -c accepts. */
class MaterialTest {

    @Test
    void theSumsCoverTheMaterialAndSha256sumAcceptsThem(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("boots/base-1-try1.run"));
        Files.writeString(dir.resolve("boots/base-1-try1.results.log"), "FSNBOT-BEGIN base-1-try1\n");
        Files.writeString(dir.resolve("boots/base-1-try1.run/scratch"), "left by a boot");
        Files.createDirectories(dir.resolve(Material.REPRODUCED));
        Files.writeString(dir.resolve(Material.REPRODUCED).resolve("x.results.log"), "a reader's own run");
        Files.writeString(dir.resolve("config"), "CONFIG_FSNOTIFY=y\n");
        Material.write(dir, Profile.load("quick"), Optional.empty());
        String sums = Files.readString(dir.resolve(Material.SUMS));
        assertThat(sums).contains("  config\n", "  boots/base-1-try1.results.log\n", "  profile.json\n",
                "  reproduce.sh\n").doesNotContain("scratch", "reproduced/", Material.SUMS);
        assertThat(Profile.fromJson(Files.readString(dir.resolve(Material.PROFILE))).name()).isEqualTo("quick");
        assertThat(dir.resolve(Material.SCRIPT)).isExecutable();
        Process p = new ProcessBuilder("sha256sum", "-c", "--quiet", Material.SUMS).directory(dir.toFile())
                .redirectErrorStream(true).start();
        assertThat(p.waitFor()).as(new String(p.getInputStream().readAllBytes())).isZero();
    }
}
