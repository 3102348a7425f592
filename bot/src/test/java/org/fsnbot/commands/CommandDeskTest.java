package org.fsnbot.commands;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fsnbot.store.CommandOutcome;
import org.fsnbot.testing.OpenStores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Which mails the desk answers and how it records them; the answers' words are in the golden tests. */
class CommandDeskTest {

    @RegisterExtension
    final OpenStores stores = new OpenStores();

    private static final CommandSettings DEFAULTS = DeskFixture.settings(false);

    @TempDir
    Path tmp;
    private DeskFixture f;

    @BeforeEach
    void setUp() throws Exception {
        f = stores.add(new DeskFixture(tmp));
    }

    private void arrives(String id, byte[] raw) {
        f.store.commands().add(id, "imap", raw);
    }

    private String state(String id) {
        return f.store.text("SELECT detail FROM command_mails WHERE message_id = ?", id);
    }

    @Test
    void ourOwnMailIsNeverAnswered() throws Exception {
        arrives("<own@x>", DeskFixture.mail("fsnbot <" + DeskFixture.BOT + ">", "<own@x>", true, f.report,
                "#fsnbot status"));
        assertThat(f.desk(DEFAULTS).answerPending()).isZero();
        assertThat(state("<own@x>")).isEqualTo("our own mail");
        assertThat(f.answers("<own@x>")).isZero();
    }

    @Test
    void aMailNeitherOnOurThreadNorToUsIsLeftAlone() throws Exception {
        arrives("<other@x>", DeskFixture.mail(DeskFixture.MAINT, "<other@x>", false, null, "#fsnbot status"));
        f.desk(DEFAULTS).answerPending();
        assertThat(state("<other@x>")).isEqualTo("not on our thread nor addressed to us");
        assertThat(f.answers("<other@x>")).isZero();
    }

    @Test
    void aMailWithoutCommandsGetsNoAnswer() throws Exception {
        arrives("<chat@x>", DeskFixture.mail(DeskFixture.MAINT, "<chat@x>", true, f.report,
                "> #fsnbot rerun\nThat is a quote."));
        f.desk(DEFAULTS).answerPending();
        assertThat(state("<chat@x>")).isEqualTo("no command");
        assertThat(f.answers("<chat@x>")).isZero();
    }

    @Test
    void aRerunOfAWorkloadTheProfileLacksIsAnsweredInTheTemplatesWordsAndQueuesNothing() throws Exception {
        arrives("<wl@x>", DeskFixture.mail(DeskFixture.MAINT, "<wl@x>", false, f.report,
                "#fsnbot rerun workloads=no-such-thing"));
        int queued = f.store.queue().all().size();
        assertThat(f.desk(DEFAULTS).answerPending()).isEqualTo(1);
        String eml = Files.readString(Path.of(f.store.text("SELECT eml_path FROM outgoing_mail WHERE in_reply_to = ?",
                "<wl@x>")));
        assertThat(eml.replaceAll("\\s+", " ")).contains("Not run: profile quick has no workload no-such-thing (it"
                + " has ");
        assertThat(f.store.queue().all()).hasSize(queued);
    }

    @Test
    void everyCommandOfAMailIsAnsweredInOneReplyAndLoggedWithItsOutcome() throws Exception {
        arrives("<cmd@x>", DeskFixture.mail(DeskFixture.MAINT, "<cmd@x>", false, f.report,
                "#fsnbot rerun\n#fsnbot status\n#fsnbot bogus"));
        assertThat(f.desk(DEFAULTS).answerPending()).isEqualTo(1);
        assertThat(f.answers("<cmd@x>")).isEqualTo(1);
        assertThat(state("<cmd@x>")).isEqualTo("3 answer(s)");
        assertThat(f.store.texts("SELECT outcome FROM command_log ORDER BY id")).containsExactly("accepted", "done",
                "error", "answered");
        assertThat(f.store.queue().all()).hasSize(2);
    }

    @Test
    void aStrangerIsRefusedInThreadOrIgnoredWhenRefusalsAreSilent() throws Exception {
        arrives("<s1@x>", DeskFixture.mail(DeskFixture.STRANGER, "<s1@x>", true, f.report, "#fsnbot rerun"));
        f.desk(DEFAULTS).answerPending();
        assertThat(f.answers("<s1@x>")).isEqualTo(1);
        arrives("<s2@x>", DeskFixture.mail(DeskFixture.STRANGER, "<s2@x>", true, f.report, "#fsnbot rerun"));
        f.desk(DeskFixture.settings(true)).answerPending();
        assertThat(f.answers("<s2@x>")).as("no answer at all").isZero();
        assertThat(f.store.texts("SELECT outcome FROM command_log WHERE outcome NOT LIKE 'answered%'"))
                .containsExactly("refused", "refused");
        assertThat(f.store.queue().all()).as("no work for strangers").hasSize(1);
    }

    @Test
    void aMailThatCannotBeParsedIsMarkedAndTheRestAreStillAnswered() throws Exception {
        arrives("<bad@x>", "no headers at all\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        arrives("<good@x>", DeskFixture.mail(DeskFixture.MAINT, "<good@x>", true, f.report, "#fsnbot status"));
        assertThat(f.desk(DEFAULTS).answerPending()).isEqualTo(1);
        assertThat(state("<bad@x>")).startsWith("not answered: ");
        assertThat(f.answers("<good@x>")).isEqualTo(1);
    }

    @Test
    void anAnsweredMailIsNotAnsweredTwice() throws Exception {
        arrives("<cmd@x>", DeskFixture.mail(DeskFixture.MAINT, "<cmd@x>", true, f.report, "#fsnbot status"));
        CommandDesk desk = f.desk(DEFAULTS);
        desk.answerPending();
        desk.answerPending();
        assertThat(f.answers("<cmd@x>")).isEqualTo(1);
        assertThat(f.store.commands().add("<cmd@x>", "imap", new byte[] {1})).as("known, not kept again").isFalse();
    }

    @Test
    void anAutomaticMailGetsNoAnswerAndRunsNothing() throws Exception {
        String[][] marks = {{"Auto-Submitted: auto-replied"}, {"Auto-Submitted: auto-generated (robot)"},
            {"Precedence: bulk"}, {"Precedence: junk", "List-Id: <linux-fsdevel.x.org>"}, {"X-Autoreply: yes"},
            {"Precedence: auto_reply"}, {"Return-Path: <>"}, {"Return-Path: < >"}, {"X-Autogenerated: Reply"},
            {"X-Auto-Response-Suppress: All"}, {"X-Auto-Response-Suppress: DR, OOF, AutoReply"},
            {"Content-Type: multipart/report; report-type=delivery-status;\n boundary=\"b\""}};
        int n = 0;
        for (String[] mark : marks) {
            String id = "<auto" + n++ + "@x>";
            String raw = new String(DeskFixture.mail(DeskFixture.MAINT, id, true, f.report, "#fsnbot rerun"),
                    java.nio.charset.StandardCharsets.UTF_8);
            arrives(id, (String.join("\n", mark) + "\n" + raw).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        f.desk(DEFAULTS).answerPending();
        for (int i = 0; i < marks.length; i++) {
            assertThat(f.answers("<auto" + i + "@x>")).as(String.join(", ", marks[i])).isZero();
            assertThat(state("<auto" + i + "@x>")).startsWith("not answered: ");
        }
        assertThat(f.store.queue().all()).as("nothing queued").hasSize(1);
        String raw = new String(DeskFixture.mail(DeskFixture.MAINT, "<person@x>", true, f.report, "#fsnbot status"),
                java.nio.charset.StandardCharsets.UTF_8);
        arrives("<person@x>", ("Auto-Submitted: no\nPrecedence: bulk\nList-Id: <linux-fsdevel.x.org>\n"
                + "Return-Path: <jan@x.org>\nX-Auto-Response-Suppress: OOF\n" + raw)
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        f.desk(DEFAULTS).answerPending();
        assertThat(f.answers("<person@x>")).as("a person's mail as a list expands it").isEqualTo(1);
    }

    @Test
    void aHundredStrangersCannotUseUpTheAnswersAMaintainerGets() throws Exception {
        CommandDesk desk = f.desk(DEFAULTS);
        for (int i = 0; i < 100; i++) {
            String id = "<stranger" + i + "@x>";
            arrives(id, DeskFixture.forged("Stranger " + i + " <s" + i + "@example.net>", id, false, f.report,
                    "#fsnbot help"));
        }
        desk.answerPending();
        int limit = DEFAULTS.answers().globalPerHour();
        assertThat(state("<stranger0@x>")).isEqualTo("1 answer(s)");
        assertThat(f.store.count("command_log", "outcome = ?", "answered-stranger")).as("strangers' answers sent")
                .isEqualTo(limit);
        arrives("<maint@x>", DeskFixture.mail(DeskFixture.MAINT, "<maint@x>", true, f.report, "#fsnbot rerun"));
        desk.answerPending();
        assertThat(f.answers("<maint@x>")).isEqualTo(1);
        assertThat(f.store.queue().all()).as("the rerun was queued").hasSize(2);
    }

    @Test
    void aFloodOfStrangersWebmailAndAuthorsLeavesAMaintainerAnsweredAndRunFirst() throws Exception {
        for (int i = 0; i < 10_000; i++) {
            f.store.queue().enqueue(org.fsnbot.store.WorkItem.found("flood " + i, "flood " + i,
                    new org.fsnbot.store.WorkTarget.Revision("v2"), new org.fsnbot.plan.Base("/t", "v1",
                            org.fsnbot.plan.BaseReason.of(org.fsnbot.plan.BaseReason.Kind.NAMED_IN_COMMAND))),
                    org.fsnbot.store.Asker.of("s" + (i % 100) + "@evil.example",
                            org.fsnbot.store.Asker.Standing.STRANGER));
        }
        for (int i = 0; i < 60; i++) {
            String id = "<webmail" + i + "@x>";
            arrives(id, DeskFixture.mail("Webmail " + i + " <w" + i + "@webmail.example>", id, true, f.report,
                    "#fsnbot help"));
        }
        for (int i = 0; i < DEFAULTS.measuring().globalPerHour(); i++) {
            // Five authors' own reruns accepted this hour, as the desk logs them.
            f.store.commands().log("author" + i + "@example.org", "#fsnbot rerun", CommandOutcome.ACCEPTED_AUTHOR);
        }
        CommandDesk desk = f.desk(DEFAULTS);
        desk.answerPending();
        assertThat(f.store.count("command_log", "outcome = ?", "answered-signed")).as("webmail senders' answers")
                .isEqualTo(DEFAULTS.answers().globalPerHour());
        arrives("<maint@x>", DeskFixture.mail(DeskFixture.MAINT, "<maint@x>", true, f.report, "#fsnbot rerun"));
        desk.answerPending();
        assertThat(f.answers("<maint@x>")).as("the maintainer is answered").isEqualTo(1);
        assertThat(state("<maint@x>")).isEqualTo("1 answer(s)");
        assertThat(f.store.texts("SELECT outcome FROM command_log WHERE sender = 'maint@example.org' AND command ="
                + " '#fsnbot rerun'")).as("accepted in the maintainers' pool").containsExactly("accepted");
        assertThat(f.store.queue().claimNext().orElseThrow().answerTo()).as("and run first").contains("<maint@x>");
    }

    @Test
    void anAnswerThatWentNowhereIsNotCounted() throws Exception {
        byte[] raw = DeskFixture.forged(DeskFixture.STRANGER, "<nowhere@x>", true, null, "#fsnbot help");
        String toBotOnly = new String(raw, java.nio.charset.StandardCharsets.UTF_8);
        arrives("<nowhere@x>", toBotOnly.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        f.desk(DEFAULTS).answerPending();
        assertThat(state("<nowhere@x>")).isEqualTo("answers not sent: a stranger's mail to no list fsnbot writes to");
        assertThat(f.store.count("command_log", "outcome LIKE ?", "answered%")).isZero();
    }
}
