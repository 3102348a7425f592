package org.fsnbot.intake;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

class SeriesHintsTest {

    @Test
    void readsBaseCommitPrerequisitesAndTrailersBelowTheDiff() {
        String cover = "Subject: [PATCH 0/2] x\n\nReviewed-by: A <a@x>\n> Acked-by: quoted <q@x>\n"
                + "base-commit: " + "a".repeat(40) + "\nprerequisite-patch-id: " + "b".repeat(40) + "\n"
                + "prerequisite-patch-id: " + "c".repeat(40) + "\n";
        String patch = "Subject: [PATCH 1/2] y\n\nbase-commit: " + "d".repeat(40) + "\n";
        SeriesHints h = SeriesHints.of(List.of(cover.getBytes(StandardCharsets.UTF_8),
                patch.getBytes(StandardCharsets.UTF_8)));
        assertThat(h.baseCommit()).contains("a".repeat(40));
        assertThat(h.prerequisitePatchIds()).containsExactly("b".repeat(40), "c".repeat(40));
        assertThat(h.trailers()).containsExactly("Reviewed-by: A <a@x>");
    }

    @Test
    void noHintsIsNoHints() {
        SeriesHints h = SeriesHints.of(List.of("Subject: x\n\nbase-commit: short\n".getBytes(StandardCharsets.UTF_8)));
        assertThat(h.baseCommit()).isEmpty();
        assertThat(h.prerequisitePatchIds()).isEmpty();
    }

    @Test
    void theManifestGivesEpochsAndFingerprintsAndIgnoresOtherRepositories() throws Exception {
        String json = "{\"/linux-fsdevel/git/1.git\":{\"fingerprint\":\"f1\",\"modified\":2},"
                + "\"/linux-fsdevel/git/0.git\":{\"fingerprint\":\"f0\",\"modified\":1},"
                + "\"/pub/scm/other.git\":{\"fingerprint\":\"zz\"}}";
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(json.getBytes(StandardCharsets.UTF_8));
        }
        InboxManifest m = InboxManifest.parse(gz.toByteArray(), new ObjectMapper());
        assertThat(m.epochs()).containsOnlyKeys(0, 1);
        assertThat(m.epochs().get(1).path()).isEqualTo("/linux-fsdevel/git/1.git");
        assertThat(m.epochs().get(0).fingerprint()).isEqualTo("f0");
    }
}
