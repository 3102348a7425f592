package org.fsnbot.intake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fsnbot.testing.Repo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MboxReaderTest {

    private final MboxReader reader = new MboxReader();

    @Test
    void readsTheExamplePatchWithItsThreadingHeaders() throws Exception {
        PatchSeries s = reader.readSeries(Repo.exampleMbox());
        PatchMail p = s.replyTarget();
        assertThat(s.patches()).hasSize(1);
        assertThat(s.coverLetter()).isEmpty();
        assertThat(p.messageId()).isEqualTo("<20261130084519.1-fsnbot-example@fsnbot.invalid>");
        assertThat(p.subject()).isEqualTo(
                "[PATCH] fsnotify: revalidate children's parent-watched flags on every parent event");
        assertThat(p.bareSubject()).startsWith("fsnotify: revalidate");
        assertThat(p.to()).containsExactly("Fsnotify Maintainer <fsnotify-maintainer@example.org>");
        assertThat(p.cc()).hasSize(2);
        assertThat(p.hasDiff()).isTrue();
    }

    @Test
    void ordersSeriesPartsAndKeepsTheCoverLetter(@TempDir Path dir) throws Exception {
        String mbox = mail("<c@x>", "[PATCH v2 0/2] cover", "Cover text.\n")
                + mail("<p2@x>", "[PATCH v2 2/2] second", diff("b"))
                + mail("<p1@x>", "[PATCH v2 1/2] first", diff("a"));
        Path f = Files.writeString(dir.resolve("s.mbox"), mbox);
        PatchSeries s = reader.readSeries(f);
        assertThat(s.coverLetter()).map(PatchMail::messageId).contains("<c@x>");
        assertThat(s.patches()).extracting(PatchMail::messageId).containsExactly("<p1@x>", "<p2@x>");
        assertThat(s.replyTarget().messageId()).isEqualTo("<c@x>");
    }

    @Test
    void unArmorsMboxrdFromLines(@TempDir Path dir) throws Exception {
        String body = "Text\n>From the start of a line\n" + diff("a");
        Path f = Files.writeString(dir.resolve("s.mbox"), mail("<p@x>", "[PATCH] x", body));
        String raw = new String(reader.read(f).get(0).raw(), StandardCharsets.ISO_8859_1);
        assertThat(raw).contains("\nFrom the start of a line\n").doesNotContain(">From the start");
    }

    @Test
    void aMailWithoutADiffIsNotAPatch(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("s.mbox"), mail("<p@x>", "Re: [PATCH] x", "Looks good.\n"));
        assertThatThrownBy(() -> reader.readSeries(f)).isInstanceOf(MalformedMailException.class)
                .hasMessageContaining("no patch");
    }

    @Test
    void malformedInputIsAClearError(@TempDir Path dir) throws Exception {
        Path empty = Files.writeString(dir.resolve("empty"), "");
        assertThatThrownBy(() -> reader.readSeries(empty)).hasMessageContaining("empty file");
        Path noId = Files.writeString(dir.resolve("noid"), "From: a@b\nSubject: x\n\n" + diff("a"));
        assertThatThrownBy(() -> reader.readSeries(noId)).hasMessageContaining("Message-ID");
        Path junk = Files.writeString(dir.resolve("junk"), "this is not mail at all\n");
        assertThatThrownBy(() -> reader.readSeries(junk)).isInstanceOf(MalformedMailException.class);
    }

    static String mail(String id, String subject, String body) {
        return "From x@y Mon Sep 17 00:00:00 2001\nFrom: A Dev <a@example.org>\nTo: list@example.org\n"
                + "Message-ID: " + id + "\nSubject: " + subject + "\nDate: Mon, 30 Nov 2026 08:00:00 +0000\n\n"
                + body + "\n";
    }

    static String diff(String file) {
        return "---\ndiff --git a/" + file + " b/" + file + "\n--- a/" + file + "\n+++ b/" + file
                + "\n@@ -1 +1 @@\n-old\n+new\n";
    }
}
