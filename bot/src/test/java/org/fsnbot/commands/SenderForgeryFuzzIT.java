package org.fsnbot.commands;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.fsnbot.store.CommandStore;
import org.fsnbot.testing.MailMutator;
import org.fsnbot.testing.OpenStores;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a sender can write never makes them someone else: seeded mails from
 * an outsider signed "Jan Maintainer", their own part forged every way
 * MailMutator knows (trusted Authentication-Results and Received lines in
 * every order and spelling) and then mangled by the ordinary mutations,
 * each arriving as the trusted MTA delivers it (its own Received line for
 * taking the mail in on top, with a HELO of the sender's choosing: the
 * MTA's own name, localhost, address literals, odd and UTF-8 names; and
 * its result for what it found, nothing signed, echoing the sender's
 * words in quoted strings and comments). They go through the command desk as mail from the archive: not
 * one is authenticated, and none of their maintainer's commands runs.
 */
@Tag("fuzz")
class SenderForgeryFuzzIT {

    @RegisterExtension
    final OpenStores stores = new OpenStores();

    private static final int MAILS = Integer.getInteger("fsnbot.fuzz.forgeries", 3_000);
    private static final long SEED = Long.getLong("fsnbot.fuzz.seed", 20261201L);

    @TempDir
    Path tmp;

    @Test
    void noForgeryOfTheSendersOwnMakesThemAMaintainer() throws Exception {
        DeskFixture f = stores.add(new DeskFixture(tmp));
        MailMutator mutator = new MailMutator(SEED);
        CommandSettings settings = DeskFixture.settings(false);
        Authoriser authoriser = f.authoriser(settings);
        int queuedBefore = f.store.queue().all().size();
        for (int i = 0; i < MAILS; i++) {
            String id = "<forged-" + i + "@example.org>";
            String own = new String(DeskFixture.forged(DeskFixture.MAINT, id, i % 2 == 0, f.report,
                    i % 3 == 0 ? "#fsnbot rerun" : "#fsnbot test https://git.kernel.org/pub/scm/linux/kernel/git/"
                            + "jack/linux-fs.git fsnotify"), StandardCharsets.UTF_8);
            String forged = mutator.forgeTrust(own, DeskFixture.MX, "example.org");
            byte[] body = i % 4 == 0 ? mutator.mutate(forged) : forged.getBytes(StandardCharsets.ISO_8859_1);
            String delivered = mutator.trustedDelivery(DeskFixture.MX, "example.org", i);
            byte[] raw = concat(delivered.getBytes(StandardCharsets.ISO_8859_1), body);
            f.store.commands().add(id, "fsdevel", raw);
            CommandStore.Stored stored = new CommandStore.Stored(id, "fsdevel", raw);
            try {
                assertThat(authoriser.sender(stored, f.reader.parse(raw)).authenticated()).as("mail %d", i).isFalse();
            } catch (org.fsnbot.intake.MalformedMailException refused) {
                // Refused as a mail: nobody at all.
            }
        }
        f.desk(settings).answerPending();
        assertThat(f.store.count("command_log", "outcome = ?", "accepted")).as("commands run").isZero();
        assertThat(f.store.queue().all()).as("work queued").hasSize(queuedBefore);
        assertThat(f.store.count("command_mails", "state = ?", "pending")).as("mails left unanswered").isZero();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
