package org.fsnbot.commands;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.fsnbot.mail.Delivery;
import org.fsnbot.mail.Reply;
import org.fsnbot.mail.ReplyKind;
import org.fsnbot.plan.Base;
import org.fsnbot.plan.BaseReason;
import org.fsnbot.plan.RunOptions;
import org.fsnbot.store.WorkItem;
import org.fsnbot.store.WorkTarget;
import org.fsnbot.testing.OpenStores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

class ThreadResolverTest {

    @RegisterExtension
    final OpenStores stores = new OpenStores();

    @TempDir
    Path tmp;
    private DeskFixture f;
    private ThreadResolver threads;

    @BeforeEach
    void setUp() throws Exception {
        f = stores.add(new DeskFixture(tmp));
        threads = new ThreadResolver(f.store.mail(), f.store.queue());
    }

    private CommandThread thread(String inReplyTo) throws Exception {
        return threads.resolve(f.parsed(DeskFixture.mail(DeskFixture.MAINT, "<m@x>", false, inReplyTo, "hi")));
    }

    @Test
    void aReplyToOurReportIsOurThreadAboutTheWorkItReported() throws Exception {
        CommandThread t = thread(f.report);
        assertThat(t.ours()).isTrue();
        assertThat(t.work()).hasValueSatisfying(w -> assertThat(w.id()).isEqualTo(f.work));
    }

    @Test
    void aReplyToOurCommandAnswerFindsTheWorkThatAnswersTheCommand() throws Exception {
        long asked = f.store.queue().enqueue(WorkItem.requested("compare <cmd@x> 1", "v1..v2",
                new WorkTarget.Revision("v2"), new Base("/srv/linux", "v1", BaseReason.of(BaseReason.Kind.NAMED_IN_COMMAND)), RunOptions.DEFAULTS, "<cmd@x>"))
                .orElseThrow();
        Reply ack = f.composer.compose(f.parsed(DeskFixture.mail(DeskFixture.MAINT, "<cmd@x>", true, null, "x")),
                "Hi,\n\nAccepted.\n");
        f.delivery.post(null, ack, ReplyKind.COMMAND, Delivery.Audience.ASKED);
        CommandThread t = threads.resolve(f.parsed(String.join("\n", "From: " + DeskFixture.MAINT,
                "Subject: Re: x", "Message-ID: <m2@x>", "In-Reply-To: " + ack.messageId(), "References: <cmd@x> "
                        + ack.messageId(), "", "#fsnbot status", "").getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertThat(t.ours()).isTrue();
        assertThat(t.work()).hasValueSatisfying(w -> assertThat(w.id()).isEqualTo(asked));
    }

    @Test
    void aReplyToAPatchFsnbotQueuedIsAThreadItTakesCommandsOnEvenWithoutOurReply() throws Exception {
        CommandThread t = threads.resolve(f.parsed(String.join("\n", "From: " + DeskFixture.MAINT,
                "Subject: Re: x", "Message-ID: <m3@x>", "In-Reply-To: " + DeskFixture.PATCH, "References: "
                        + DeskFixture.PATCH, "", "hi", "").getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertThat(t.ours()).isTrue();
        assertThat(t.work()).hasValueSatisfying(w -> assertThat(w.messageIds()).isEqualTo(List.of(
                DeskFixture.PATCH)));
    }

    @Test
    void aMailOutsideAnyThreadIsNeither() throws Exception {
        CommandThread t = thread(null);
        assertThat(t.ours()).isFalse();
        assertThat(t.work()).isEmpty();
    }
}
