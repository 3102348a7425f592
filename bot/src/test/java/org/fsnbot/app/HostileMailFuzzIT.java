package org.fsnbot.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import okhttp3.OkHttpClient;
import org.fsnbot.commands.Command;
import org.fsnbot.commands.CommandParser;
import org.fsnbot.intake.EpochMirror;
import org.fsnbot.intake.EpochReader;
import org.fsnbot.intake.EpochWriter;
import org.fsnbot.intake.FsnotifyRelevance;
import org.fsnbot.intake.InboxFollower;
import org.fsnbot.intake.LoreClient;
import org.fsnbot.intake.MaintainersPatterns;
import org.fsnbot.intake.MalformedMailException;
import org.fsnbot.intake.MboxReader;
import org.fsnbot.intake.PatchMail;
import org.fsnbot.intake.SeriesAssembler;
import org.fsnbot.store.IntakeLedger;
import org.fsnbot.store.PatchState;
import org.fsnbot.store.Store;
import org.fsnbot.testing.MailMutator;
import org.fsnbot.testing.MiniTree;
import org.fsnbot.testing.PoisonMails;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A seeded fuzzer over intake: mutated mails (MailMutator) with valid
 * fsnotify patches mixed in go into a public-inbox epoch, and the real
 * follower, store, series assembly and command parser take them. Nothing
 * may escape as an exception, the cursor must reach the head, and every
 * valid patch must be found and kept. A fixed seed and 10,000 mails and
 * 10,000 command lines in the integration-test phase (2-3 minutes here);
 * scripts/fuzz.sh [MAILS] [SEED] for a longer or another run.
 */
@Tag("fuzz")
class HostileMailFuzzIT {

    private static final int MAILS = Integer.getInteger("fsnbot.fuzz.mails", 10_000);
    private static final long SEED = Long.getLong("fsnbot.fuzz.seed", 20261201L);
    private static final int COMMAND_LINES = Integer.getInteger("fsnbot.fuzz.commands", 10_000);
    /** One valid patch every this many mails. */
    private static final int VALID_EVERY = 50;

    @TempDir
    Path tmp;

    private static List<String> seeds() {
        List<String> seeds = new ArrayList<>();
        PoisonMails.all().forEach(p -> seeds.add(p.text()));
        seeds.add(MiniTree.patch("<seed-1@example.org>", "Dev <dev@example.org>", "[PATCH 1/2] fsnotify: seed"));
        seeds.add(MiniTree.patch("<seed-2@example.org>", "Dev <dev@example.org>", "[PATCH 2/2] fsnotify: seed")
                .replace("Message-ID: <seed-2@example.org>", "Message-ID: <seed-2@example.org>\n"
                        + "In-Reply-To: <seed-1@example.org>\nReferences: <seed-1@example.org>"));
        seeds.add(String.join("\n", "From: Jan Maintainer <maint@example.org>", "To: linux-fsdevel@example.org",
                "Subject: Re: [PATCH] fsnotify: seed", "Message-ID: <seed-3@example.org>",
                "References: <seed-1@example.org>", "", "#fsnbot rerun runs=4 workloads=byte-write",
                "#fsnbot test https://git.kernel.org/pub/scm/linux/kernel/git/jack/linux-fs.git fsnotify", ""));
        return seeds;
    }

    @Test
    void mutatedMailNeitherStopsNorStallsIntakeAndEveryValidPatchIsFound() throws Exception {
        long t0 = System.nanoTime();
        MailMutator mutator = new MailMutator(SEED);
        List<String> seeds = seeds();
        Set<String> valid = new HashSet<>();
        List<byte[]> mails = new ArrayList<>();
        try (EpochWriter w = new EpochWriter(tmp.resolve("fsdevel/git/0.git"))) {
            for (int i = 0; i < MAILS; i++) {
                byte[] mail;
                if (i % VALID_EVERY == 0) {
                    String id = "<valid-" + i + "@example.org>";
                    valid.add(id);
                    mail = MiniTree.patch(id, "Dev <dev@example.org>", "[PATCH] fsnotify: valid " + i)
                            .getBytes(StandardCharsets.UTF_8);
                } else {
                    mail = mutator.mutate(seeds.get(i % seeds.size()));
                }
                mails.add(mail);
                w.append(mail);
            }
        }
        long t1 = System.nanoTime();
        MboxReader reader = new MboxReader();
        FsnotifyRelevance relevance = new FsnotifyRelevance(MaintainersPatterns.parse(MiniTree.MAINTAINERS,
                MaintainersPatterns.FSNOTIFY_ENTRIES));
        InboxFollower follower = new InboxFollower(new LoreClient(new OkHttpClient(), new ObjectMapper(), reader),
                new EpochMirror(), new EpochReader(), reader, relevance, tmp.resolve("mirrors"));
        InboxFollower.Inbox inbox = new InboxFollower.Inbox("fsdevel", tmp.resolve("fsdevel").toString());
        try (Store store = Store.h2(tmp.resolve("db/fsnbot"))) {
            IntakeLedger ledger = store.intake();
            InboxFollower.PollStats first = follower.poll(inbox, ledger);
            long t2 = System.nanoTime();
            assertThat(first.counts().messages()).as("every mail walked").isEqualTo(MAILS);
            assertThat(follower.poll(inbox, ledger).counts().messages()).as("the cursor reached the head").isZero();
            for (String id : valid) {
                assertThat(ledger.seen(id)).as(id).isTrue();
            }
            List<PatchMail> kept = ledger.patches(PatchState.PENDING).stream().map(IntakeLedger.StoredPatch::mail)
                    .toList();
            assertThat(kept.stream().map(PatchMail::messageId).toList()).containsAll(valid);
            SeriesAssembler assembler = new SeriesAssembler();
            List<SeriesAssembler.Candidate> series = assembler.current(assembler.assemble(kept));
            assertThat(series.stream().filter(SeriesAssembler.Candidate::complete)
                    .flatMap(c -> c.parts().values().stream()).map(PatchMail::messageId))
                    .as("each valid patch is a complete series of one").containsAll(valid);
            System.out.printf("fuzz: %d mails (seed %d): %d fresh, %d unparseable, %d relevant, %d kept,"
                    + " %d series; generated in %.1f s, followed in %.1f s%n", MAILS, SEED, first.counts().fresh(),
                    first.counts().unparseable(), first.counts().relevant(), first.counts().kept(), series.size(),
                    (t1 - t0) / 1e9, (t2 - t1) / 1e9);
        }
        long t3 = System.nanoTime();
        CommandParser parser = new CommandParser(10);
        int commands = 0;
        for (byte[] raw : mails) {
            try {
                commands += checked(parser.parse(reader.body(raw)));
            } catch (MalformedMailException e) {
                // Refused as a mail, which is an answer too.
            }
        }
        for (int i = 0; i < COMMAND_LINES; i++) {
            commands += checked(parser.parse("Thanks.\n\n" + mutator.commandLine() + "\n"));
        }
        System.out.printf("fuzz: %d command lines and %d mail bodies parsed, %d commands, in %.1f s%n",
                COMMAND_LINES, mails.size(), commands, (System.nanoTime() - t3) / 1e9);
    }

    /** What any parse must hold: at most three commands, quoted lines short, tests only of https URLs. */
    private static int checked(CommandParser.Parsed p) {
        assertThat(p.commands().size()).isLessThanOrEqualTo(3);
        for (Command c : p.commands()) {
            assertThat(c.line().length()).isLessThanOrEqualTo(160);
            if (c instanceof Command.Test t) {
                assertThat(t.url()).startsWith("https://").doesNotContain("/../");
            }
            if (c instanceof Command.Help h) {
                assertThat(h.line()).isEqualTo("#fsnbot help");
            }
        }
        p.errors().forEach(e -> assertThat(e.line().length()).isLessThanOrEqualTo(160));
        return p.commands().size();
    }
}
